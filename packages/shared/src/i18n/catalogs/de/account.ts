import type { TCatalog } from '../../catalog';

/** The account pages and the conversation add-ons (pins, saved, threads, search, safety, invitations), in German (formal "Sie"). */
const catalog: TCatalog = {
  // Account: profile, language, password, sessions
  'First name': 'Vorname',
  'Middle name': 'Zweiter Vorname',
  'Last name': 'Nachname',
  Role: 'Rolle',
  'Shown under your name on cards, e.g. Designer': 'Wird auf Karten unter Ihrem Namen angezeigt, z. B. Designer',
  'Save profile': 'Profil speichern',
  Language: 'Sprache',
  'Browser default': 'Wie im Browser',
  'Agentroom and the emails it sends you use this language.': 'Agentroom und die E-Mails, die Sie von Agentroom erhalten, verwenden diese Sprache.',
  'Language saved.': 'Sprache gespeichert.',
  'Could not save your language': 'Ihre Sprache konnte nicht gespeichert werden',
  'At least 8 characters, with a lowercase letter, an uppercase letter and a number.': 'Mindestens 8 Zeichen, mit einem Kleinbuchstaben, einem Großbuchstaben und einer Ziffer.',
  'Loading sessions...': 'Sitzungen werden geladen …',
  'Continue to Sign In': 'Weiter zur Anmeldung',
  'Try again': 'Erneut versuchen',
  Loading: 'Wird geladen',
  'Loading...': 'Wird geladen …',
  Cancel: 'Abbrechen',

  // Avatars and the profile dialog
  Profile: 'Profil',
  'Your picture and name, as your teams see them.': 'Ihr Bild und Ihr Name, wie Ihre Teams sie sehen.',
  Name: 'Name',
  Username: 'Benutzername',
  'Could not save the avatar': 'Das Profilbild konnte nicht gespeichert werden',
  'Could not remove the avatar': 'Das Profilbild konnte nicht entfernt werden',
  'Change image': 'Bild ändern',
  'Upload image': 'Bild hochladen',
  Remove: 'Entfernen',
  'Avatar image': 'Profilbild',
  'PNG, JPEG, WebP or GIF, up to {{size}} MB. Cropped to a square.': 'PNG, JPEG, WebP oder GIF, bis {{size}} MB. Wird quadratisch zugeschnitten.',
  'Uploading avatar': 'Profilbild wird hochgeladen',
  'Uploading… {{percent}}%': 'Wird hochgeladen … {{percent}} %',

  // People
  'Status unknown': 'Status unbekannt',
  Online: 'Online',
  Offline: 'Offline',
  '{{presence}}, do not disturb': '{{presence}}, nicht stören',

  // Safety
  'Block {{name}}?': '{{name}} blockieren?',

  // Pins and saved messages (pins/pin-texts.ts)
  Pin: 'Anheften',
  Unpin: 'Lösen',
  Save: 'Speichern',
  'Remove from saved': 'Aus Gespeicherten entfernen',
  Pinned: 'Angeheftet',
  'Pinned messages': 'Angeheftete Nachrichten',
  'No pinned messages': 'Keine angehefteten Nachrichten',
  'Saved messages': 'Gespeicherte Nachrichten',
  'No saved messages yet': 'Noch keine gespeicherten Nachrichten',
  'Load more': 'Mehr laden',
  'Loading saved messages...': 'Gespeicherte Nachrichten werden geladen …',
  'This message was deleted': 'Diese Nachricht wurde gelöscht',
  'Pinned by {{name}}': 'Angeheftet von {{name}}',
  'Failed to load the pinned messages': 'Die angehefteten Nachrichten konnten nicht geladen werden',
  'Failed to pin the message': 'Die Nachricht konnte nicht angeheftet werden',
  'Failed to unpin the message': 'Die Nachricht konnte nicht gelöst werden',
  'Failed to load the saved messages': 'Die gespeicherten Nachrichten konnten nicht geladen werden',
  'Failed to save the message': 'Die Nachricht konnte nicht gespeichert werden',
  'Failed to remove the message from saved': 'Die Nachricht konnte nicht aus den Gespeicherten entfernt werden',
  'Unpin the message from {{name}}': 'Nachricht von {{name}} lösen',
  'Loading pinned messages...': 'Angeheftete Nachrichten werden geladen …',
  'Remove from saved: the message from {{name}}': 'Aus Gespeicherten entfernen: die Nachricht von {{name}}',

  // Where a message lives (Saved, Threads, search results)
  'in #{{room}}': 'in #{{room}}',
  'with {{name}}': 'mit {{name}}',
  'in a thread': 'in einem Thread',
  'in a thread {{where}}': 'in einem Thread {{where}}',

  // Threads
  Threads: 'Threads',
  'Sent a file': 'Hat eine Datei gesendet',
  'Last: {{name}}: {{text}}': 'Zuletzt: {{name}}: {{text}}',
  unread: 'ungelesen',
  'Loading threads...': 'Threads werden geladen …',
  'No threads yet': 'Noch keine Threads',
  'Threads you start, reply in or are mentioned in show up here, with their new replies.':
    'Threads, die Sie beginnen, in denen Sie antworten oder erwähnt werden, erscheinen hier mit ihren neuen Antworten.',
  'Followed threads': 'Gefolgte Threads',
  'Load more threads': 'Weitere Threads laden',
  "Couldn't load your threads": 'Ihre Threads konnten nicht geladen werden',

  // Search
  Search: 'Suchen',
  'Search messages': 'Nachrichten durchsuchen',
  'Type a word or a "quoted phrase"; -word leaves it out.': 'Geben Sie ein Wort oder eine „Phrase in Anführungszeichen“ ein; -Wort schließt es aus.',
  'Searching...': 'Suche läuft …',
  'No messages match “{{q}}”.': 'Keine Nachrichten passen zu „{{q}}“.',
  'Search results': 'Suchergebnisse',
  'More results': 'Weitere Ergebnisse',

  // Invitations
  'Team Invitation': 'Team-Einladung',
  'Opening your invitation...': 'Ihre Einladung wird geöffnet …',
  'Go to my teams': 'Zu meinen Teams',
  'Invitation not valid': 'Einladung ungültig',
  'Could not open the invitation.': 'Die Einladung konnte nicht geöffnet werden.',
  'This invitation link is invalid or was replaced by a newer one.': 'Dieser Einladungslink ist ungültig oder wurde durch einen neueren ersetzt.',
  'Invitation expired': 'Einladung abgelaufen',
  'Invitation already used': 'Einladung bereits verwendet',
  'Ask an admin of {{team}} for a new invitation.': 'Bitten Sie eine Administratorin oder einen Administrator von {{team}} um eine neue Einladung.',
  'This link to {{team}} has been used. Ask an admin of the team for a new one.':
    'Dieser Link zu {{team}} wurde bereits verwendet. Bitten Sie eine Administratorin oder einen Administrator des Teams um einen neuen.',
  'Sign in to join': 'Zum Beitreten anmelden',
  'Register to join': 'Zum Beitreten registrieren',
  'Join team': 'Team beitreten',
  'Join {{team}}': '{{team}} beitreten',
  'You have been invited to the team {{team}} (/t/{{handle}}).': 'Sie wurden in das Team {{team}} (/t/{{handle}}) eingeladen.',
  'Could not join the team. Please try again.': 'Beitritt zum Team fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'Verify your email address first: the link in the mail brings you back here to join.':
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse: Der Link in der E-Mail bringt Sie zum Beitreten hierher zurück.',
  '{{name}} (@{{username}}) invited you': '{{name}} (@{{username}}) hat Sie eingeladen',
  'You were invited': 'Sie wurden eingeladen',
  'Expires within a day': 'Läuft innerhalb eines Tages ab',
  'Expires in {{count}} days_one': 'Läuft in {{count}} Tag ab',
  'Expires in {{count}} days_other': 'Läuft in {{count}} Tagen ab',
  Join: 'Beitreten',
  'Loading invitations...': 'Einladungen werden geladen …',
  'Could not load your invitations.': 'Ihre Einladungen konnten nicht geladen werden.',
  'No invitations yet. When a team invites {{email}}, it shows up here.': 'Noch keine Einladungen. Wenn ein Team {{email}} einlädt, erscheint die Einladung hier.',
  'No invitations yet. When a team invites you, it shows up here.': 'Noch keine Einladungen. Wenn ein Team Sie einlädt, erscheint die Einladung hier.',
  Invitations: 'Einladungen',
};
export default catalog;
