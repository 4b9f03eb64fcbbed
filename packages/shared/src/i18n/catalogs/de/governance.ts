import type { TCatalog } from '../../catalog';

/** Governance's server texts (decision 0028): errors of the audit log, retention, exports and the admin area. */
const catalog: TCatalog = {
  'Unknown kind of change': 'Unbekannte Art von Änderung',
  'Times must be ISO dates, the start before the end': 'Zeiten müssen ISO-Daten sein, der Beginn vor dem Ende',
  'Unknown page cursor': 'Unbekannter Seitenzeiger',
  'Keep messages between 1 and 3650 days, or turn retention off': 'Nachrichten zwischen 1 und 3650 Tagen aufbewahren oder die Aufbewahrungsfrist ausschalten',
  'Export not found': 'Export nicht gefunden',
  'This export is not ready yet': 'Dieser Export ist noch nicht fertig',
  'This export has expired. Start a new one.': 'Dieser Export ist abgelaufen. Starten Sie einen neuen.',
  'This download link was already used or has expired': 'Dieser Download-Link wurde bereits verwendet oder ist abgelaufen',
  'An export is already being prepared': 'Ein Export wird bereits vorbereitet',
  'This account has been disabled': 'Dieses Konto wurde deaktiviert',
  'Person not found': 'Person nicht gefunden',
  'Report not found': 'Meldung nicht gefunden',
  'This report was already resolved': 'Diese Meldung wurde bereits erledigt',
  'This report names no message to remove': 'Diese Meldung nennt keine Nachricht, die entfernt werden könnte',
  'You cannot disable your own account': 'Sie können Ihr eigenes Konto nicht deaktivieren',
  'Your data': 'Ihre Daten',
  'Administration': 'Verwaltung',
};
export default catalog;
