import type { TCatalog } from '../../catalog';

/** Exports of one's own data and of a team (decision 0028). */
const catalog: TCatalog = {
  'Download a copy of everything you have in Agentroom.': 'نزّل نسخة من كل ما لديك في Agentroom.',
  'The ZIP holds your profile, the teams and rooms you belong to, the messages you wrote with the names of their conversations, and the files you shared: JSON files, with your files beside them.':
    'يحتوي ملف ZIP على ملفك الشخصي، والفرق والغرف التي تنتمي إليها، والرسائل التي كتبتها مع أسماء محادثاتها، والملفات التي شاركتها: ملفات JSON وبجانبها ملفاتك.',
  "The ZIP holds the team, its members, its AI agents without their keys or other secrets, and the rooms you can read with their messages, threads and files: JSON files, with the files beside them. People's one-to-one conversations are not the team's.":
    'يحتوي ملف ZIP على الفريق وأعضائه ووكلاء الذكاء الاصطناعي التابعين له دون مفاتيحهم أو أي أسرار أخرى، والغرف التي يمكنك قراءتها مع رسائلها وسلاسلها وملفاتها: ملفات JSON وبجانبها الملفات. المحادثات الثنائية بين الأشخاص ليست ملكًا للفريق.',
  'It is prepared in the background: you may leave this page, and we send you a mail when it is ready.':
    'يُجهَّز في الخلفية: يمكنك مغادرة هذه الصفحة، وسنرسل إليك بريدًا إلكترونيًا عندما يصبح جاهزًا.',
  'Each download link works once, and the ZIP is deleted after a few days.': 'يعمل كل رابط تنزيل مرة واحدة فقط، ويُحذف ملف ZIP بعد بضعة أيام.',
  'Each download link works once, and the ZIP is deleted {{duration}} after it is ready.': 'يعمل كل رابط تنزيل مرة واحدة فقط، ويُحذف ملف ZIP بعد {{duration}} من جاهزيته.',
  'Export my data': 'تصدير بياناتي',
  'Export team': 'تصدير الفريق',
  'Loading exports...': 'جارٍ تحميل عمليات التصدير...',
  'No exports yet.': 'لا توجد عمليات تصدير بعد.',
  Exports: 'عمليات التصدير',
  'Export of {{date}}': 'تصدير بتاريخ {{date}}',
  'Waiting to start…': 'في انتظار البدء…',
  'Preparing… {{percent}}': 'جارٍ التجهيز… {{percent}}',
  'Export progress': 'تقدّم التصدير',
  Download: 'تنزيل',
  'Download the export of {{date}}': 'تنزيل التصدير بتاريخ {{date}}',
  Ready: 'جاهز',
  'Ready — kept until {{date}}': 'جاهز — يُحتفظ به حتى {{date}}',
  'Last downloaded {{date}}': 'آخر تنزيل في {{date}}',
  'We sent you a mail when it was ready.': 'أرسلنا إليك بريدًا إلكترونيًا عندما أصبح جاهزًا.',
  'The export failed': 'فشل التصدير',
  Expired: 'منتهي الصلاحية',
  "Couldn't load your exports": 'تعذّر تحميل عمليات التصدير الخاصة بك',
  "Couldn't start the export": 'تعذّر بدء التصدير',
  "Couldn't start the download": 'تعذّر بدء التنزيل',
};
export default catalog;
