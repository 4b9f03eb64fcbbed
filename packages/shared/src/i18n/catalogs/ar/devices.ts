import type { TCatalog } from '../../catalog';

/** The app on a phone (decision 0027): the offline screen and push notifications. */
const catalog: TCatalog = {
  // The offline screen
  'You are offline': 'أنت غير متصل بالإنترنت',
  'Agentroom will reconnect when your connection is back.': 'سيعيد Agentroom الاتصال عند عودة اتصالك.',
  'Try again': 'حاول مرة أخرى',
  // Push notifications
  'Loading...': 'جارٍ التحميل…',
  'Push notifications': 'الإشعارات الفورية',
  '1:1 messages, @mentions and approvals waiting for you, even while Agentroom is closed.':
    'الرسائل الفردية والإشارات @ والموافقات التي تنتظرك، حتى عندما يكون Agentroom مغلقًا.',
  'Push notifications could not be loaded.': 'تعذّر تحميل الإشعارات الفورية.',
  'Load them again': 'إعادة التحميل',
  "Push notifications aren't set up on this server.": 'الإشعارات الفورية غير مُعدّة على هذا الخادم.',
  "This browser can't receive push notifications.": 'لا يستطيع هذا المتصفح تلقي الإشعارات الفورية.',
  'Notifications are blocked for Agentroom in this browser. Allow them in the site settings (the icon beside the address), then open this dialog again.':
    'الإشعارات محظورة لـ Agentroom في هذا المتصفح. اسمح بها من إعدادات الموقع (الرمز بجانب العنوان)، ثم افتح هذه النافذة مرة أخرى.',
  'Push notifications on this device': 'الإشعارات الفورية على هذا الجهاز',
  'Push notifications could not be turned on.': 'تعذّر تشغيل الإشعارات الفورية.',
  'The device could not be removed.': 'تعذّرت إزالة الجهاز.',
  'Devices with push notifications': 'الأجهزة التي تتلقى الإشعارات الفورية',
  'This device': 'هذا الجهاز',
  'Added {{date}}': 'أُضيف في {{date}}',
  'Remove {{device}}': 'إزالة {{device}}',
  Remove: 'إزالة',
  'Show message text in push notifications': 'إظهار نص الرسالة في الإشعارات الفورية',
  'When off, a notification says who wrote and where, not what.': 'عند الإيقاف، يذكر الإشعار من كتب وأين، دون محتوى الرسالة.',
  'The setting could not be saved.': 'تعذّر حفظ الإعداد.',
};
export default catalog;
