import type { TCatalog } from '../../catalog';

/** The team's audit log and message retention screens (decision 0028). */
const catalog: TCatalog = {
  // Team settings' sections
  "Message retention": "الاحتفاظ بالرسائل",
  "How long the team keeps messages": "المدة التي يحتفظ فيها الفريق بالرسائل",
  "Audit log": "سجل التدقيق",
  "Who changed what in the team, and when": "من غيّر ماذا في الفريق ومتى",
  "Export": "تصدير",
  "Download the team's rooms, messages, members and agents": "نزّل غرف الفريق ورسائله وأعضاءه ووكلاءه",
};
export default catalog;
