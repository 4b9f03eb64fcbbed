import type { TCatalog } from '../../catalog';

/** The app on a phone (decision 0027): the offline screen and push notifications. */
const catalog: TCatalog = {
  // The offline screen
  'You are offline': 'Sie sind offline',
  'Agentroom will reconnect when your connection is back.': 'Agentroom verbindet sich wieder, sobald Ihre Verbindung zurück ist.',
  'Try again': 'Erneut versuchen',
  // Push notifications
  'Loading...': 'Wird geladen …',
  'Push notifications': 'Push-Benachrichtigungen',
  '1:1 messages, @mentions and approvals waiting for you, even while Agentroom is closed.':
    '1:1-Nachrichten, @Erwähnungen und Freigaben, die auf Sie warten – auch wenn Agentroom geschlossen ist.',
  'Push notifications could not be loaded.': 'Push-Benachrichtigungen konnten nicht geladen werden.',
  'Load them again': 'Erneut laden',
  "Push notifications aren't set up on this server.": 'Push-Benachrichtigungen sind auf diesem Server nicht eingerichtet.',
  "This browser can't receive push notifications.": 'Dieser Browser kann keine Push-Benachrichtigungen empfangen.',
  'Notifications are blocked for Agentroom in this browser. Allow them in the site settings (the icon beside the address), then open this dialog again.':
    'Benachrichtigungen für Agentroom sind in diesem Browser blockiert. Erlauben Sie sie in den Website-Einstellungen (das Symbol neben der Adresse) und öffnen Sie diesen Dialog dann erneut.',
  'Push notifications on this device': 'Push-Benachrichtigungen auf diesem Gerät',
  'Push notifications could not be turned on.': 'Push-Benachrichtigungen konnten nicht eingeschaltet werden.',
  'The device could not be removed.': 'Das Gerät konnte nicht entfernt werden.',
  'Devices with push notifications': 'Geräte mit Push-Benachrichtigungen',
  'This device': 'Dieses Gerät',
  'Added {{date}}': 'Hinzugefügt am {{date}}',
  'Remove {{device}}': '{{device}} entfernen',
  Remove: 'Entfernen',
  'Show message text in push notifications': 'Nachrichtentext in Push-Benachrichtigungen anzeigen',
  'When off, a notification says who wrote and where, not what.': 'Wenn aus, nennt eine Benachrichtigung, wer wo geschrieben hat, aber nicht was.',
  'The setting could not be saved.': 'Die Einstellung konnte nicht gespeichert werden.',
};
export default catalog;
