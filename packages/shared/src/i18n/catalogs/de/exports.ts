import type { TCatalog } from '../../catalog';

/** Exports of one's own data and of a team (decision 0028). */
const catalog: TCatalog = {
  'Download a copy of everything you have in Agentroom.': 'Laden Sie eine Kopie von allem herunter, was Sie in Agentroom haben.',
  'The ZIP holds your profile, the teams and rooms you belong to, the messages you wrote with the names of their conversations, and the files you shared: JSON files, with your files beside them.':
    'Die ZIP-Datei enthält Ihr Profil, die Teams und Räume, denen Sie angehören, die Nachrichten, die Sie geschrieben haben, mit den Namen ihrer Unterhaltungen, und die Dateien, die Sie geteilt haben: JSON-Dateien, mit Ihren Dateien daneben.',
  "The ZIP holds the team, its members, its AI agents without their keys or other secrets, and the rooms you can read with their messages, threads and files: JSON files, with the files beside them. People's one-to-one conversations are not the team's.":
    'Die ZIP-Datei enthält das Team, seine Mitglieder, seine KI-Agenten ohne deren Schlüssel oder andere Geheimnisse und die Räume, die Sie lesen können, mit ihren Nachrichten, Threads und Dateien: JSON-Dateien, mit den Dateien daneben. Die Einzelgespräche der Mitglieder gehören nicht dem Team.',
  'It is prepared in the background: you may leave this page, and we send you a mail when it is ready.':
    'Sie wird im Hintergrund vorbereitet: Sie können diese Seite verlassen, und wir schicken Ihnen eine E-Mail, sobald sie fertig ist.',
  'Each download link works once, and the ZIP is deleted after a few days.': 'Jeder Download-Link funktioniert nur einmal, und die ZIP-Datei wird nach einigen Tagen gelöscht.',
  'Each download link works once, and the ZIP is deleted {{duration}} after it is ready.':
    'Jeder Download-Link funktioniert nur einmal, und die ZIP-Datei wird {{duration}} nach ihrer Fertigstellung gelöscht.',
  'Export my data': 'Meine Daten exportieren',
  'Export team': 'Team exportieren',
  'Loading exports...': 'Exporte werden geladen...',
  'No exports yet.': 'Noch keine Exporte.',
  Exports: 'Exporte',
  'Export of {{date}}': 'Export vom {{date}}',
  'Waiting to start…': 'Wartet auf den Start…',
  'Preparing… {{percent}}': 'Wird vorbereitet… {{percent}}',
  'Export progress': 'Fortschritt des Exports',
  Download: 'Herunterladen',
  'Download the export of {{date}}': 'Den Export vom {{date}} herunterladen',
  Ready: 'Fertig',
  'Ready — kept until {{date}}': 'Fertig — aufbewahrt bis {{date}}',
  'Last downloaded {{date}}': 'Zuletzt heruntergeladen am {{date}}',
  'We sent you a mail when it was ready.': 'Wir haben Ihnen eine E-Mail geschickt, als er fertig war.',
  'The export failed': 'Der Export ist fehlgeschlagen',
  Expired: 'Abgelaufen',
  "Couldn't load your exports": 'Ihre Exporte konnten nicht geladen werden',
  "Couldn't start the export": 'Der Export konnte nicht gestartet werden',
  "Couldn't start the download": 'Der Download konnte nicht gestartet werden',
};
export default catalog;
