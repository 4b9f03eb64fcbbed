import type { TCatalog } from '../../catalog';

/** Governance's server texts (decision 0028): errors of the audit log, retention, exports and the admin area. */
const catalog: TCatalog = {
  'Unknown kind of change': 'نوع تغيير غير معروف',
  'Times must be ISO dates, the start before the end': 'يجب أن تكون الأوقات تواريخ ISO، والبداية قبل النهاية',
  'Unknown page cursor': 'مؤشر صفحة غير معروف',
  'Keep messages between 1 and 3650 days, or turn retention off': 'احتفظ بالرسائل بين 1 و3650 يومًا، أو أوقف مدة الاحتفاظ',
  'Export not found': 'التصدير غير موجود',
  'This export is not ready yet': 'هذا التصدير ليس جاهزًا بعد',
  'This export has expired. Start a new one.': 'انتهت صلاحية هذا التصدير. ابدأ تصديرًا جديدًا.',
  'This download link was already used or has expired': 'رابط التنزيل هذا استُخدم من قبل أو انتهت صلاحيته',
  'An export is already being prepared': 'يجري تجهيز تصدير بالفعل',
  'This account has been disabled': 'تم تعطيل هذا الحساب',
  'Person not found': 'الشخص غير موجود',
  'Report not found': 'البلاغ غير موجود',
  'This report was already resolved': 'تمت معالجة هذا البلاغ بالفعل',
  'This report names no message to remove': 'لا يذكر هذا البلاغ رسالة لإزالتها',
  'You cannot disable your own account': 'لا يمكنك تعطيل حسابك',
  'Your data': 'بياناتك',
  'Administration': 'الإدارة',
};
export default catalog;
