import type { TCatalog } from '../../catalog';

/** The team's audit log and message retention screens (decision 0028). */
const catalog: TCatalog = {
  // Team settings' sections
  "Message retention": "Aufbewahrung von Nachrichten",
  "How long the team keeps messages": "Wie lange das Team Nachrichten aufbewahrt",
  "Audit log": "Protokoll",
  "Who changed what in the team, and when": "Wer wann was im Team geändert hat",
  "Export": "Export",
  "Download the team's rooms, messages, members and agents": "Räume, Nachrichten, Mitglieder und Agenten des Teams herunterladen",
};
export default catalog;
