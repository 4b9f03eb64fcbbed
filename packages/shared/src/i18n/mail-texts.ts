import { defineText, pluralKey, pluralText, template } from './template';

/**
 * The mail's texts (apps/api/src/mail): each mail goes out in its recipient's language (decision 0027).
 * Kept here with the other shared texts so the catalog check covers them.
 */
export const MAIL_TEXTS = {
  hello: template<[name: string]>('Hi {{name}},', 'name'),
  helloNoName: 'Hi,',
  pasteLink: 'Or paste this link into your browser:',
  verify: {
    subject: 'Verify your email for Agentroom',
    body: 'Welcome to Agentroom! Confirm your email address to start chatting with your team.',
    action: 'Verify email',
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  },
  reset: {
    subject: 'Reset your Agentroom password',
    body: 'Someone asked to reset the password of your account. Choose a new password with the link below.',
    action: 'Reset password',
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
  },
  magicLink: {
    subject: 'Your Agentroom sign-in link',
    body: 'Use the link below to sign in. No password needed.',
    action: 'Sign in to Agentroom',
    footer: 'This link expires in 15 minutes and works once. If you did not ask for it, you can ignore this email.',
  },
  changeEmail: {
    subject: 'Confirm your new email for Agentroom',
    body: 'You asked to use this address for your Agentroom account. Confirm it with the link below; until then your old address stays.',
    action: 'Confirm new email',
    footer: 'This link expires in 24 hours and works once. If you did not ask for it, you can ignore this email.',
  },
  emailChangeNotice: {
    subject: 'Your Agentroom email is about to change',
    body: template<[newEmail: string]>(
      'Someone signed in to your account asked to change its email to {{newEmail}}. Your address stays until the link sent there is opened.',
      'newEmail',
    ),
    action: 'Not you? Reset your password',
    footer: 'If it was you, there is nothing to do here.',
  },
  deleteAccount: {
    subject: 'Confirm deleting your Agentroom account',
    body: 'You asked to delete your account. Open the link below while signed in to confirm. Your messages stay in conversations, shown as "Deleted user".',
    action: 'Delete my account',
    footer: 'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email and change your password.',
  },
  invitation: {
    subject: template<[inviter: string, team: string]>('{{inviter}} invited you to {{team}} on Agentroom', 'inviter', 'team'),
    body: template<[inviter: string, team: string]>(
      '{{inviter}} invited you to join the team {{team}} on Agentroom. Sign in or create an account with the link below to join.',
      'inviter',
      'team',
    ),
    action: 'Join team',
    footer: 'This link expires in 7 days and works once. If you did not expect it, you can ignore this email.',
  },
  exportReady: {
    subject: 'Your Agentroom export is ready',
    body: 'The export of your data is ready. Download it from your account while signed in.',
    teamBody: template<[team: string]>('The export of the team {{team}} is ready. Download it from the team settings while signed in.', 'team'),
    action: 'Open exports',
    footer: 'The file is deleted after a while, so download it soon. If you did not ask for it, change your password.',
  },
  unread: {
    subjectOne: template<[title: string]>('New messages from {{title}} on Agentroom', 'title'),
    subjectMany: pluralText('New messages in {{count}} conversations on Agentroom', 'New messages in 1 conversation on Agentroom'),
    intro: 'You have unread messages on Agentroom.',
    why: template<[delay: string]>(
      'You get this email because messages waited unread for {{delay}}. Change the delay or turn these emails off under Notifications in Agentroom.',
      'delay',
    ),
    unreadCount: pluralText('{{count}} unread messages', '1 unread message'),
    earlierNotShown: pluralText('{{count}} earlier messages not shown', '1 earlier message not shown'),
    open: 'Open the conversation',
    more: pluralText('…and {{count}} more conversations', '…and 1 more conversation'),
    unsubscribe: 'Unsubscribe from these emails',
    someone: 'Someone',
    aConversation: 'A conversation',
    thread: template<[place: string]>('Thread in {{place}}', 'place'),
    attachment: 'Sent an attachment',
    /** The person's delay: "15 minutes", "1 hour", "4 hours". */
    delay: defineText<[minutes: number]>(
      [pluralKey('{{count}} minutes', '1 minute'), pluralKey('{{count}} hours', '1 hour')],
      (translate, minutes) => (minutes % 60 === 0 ? translate('{{count}} hours', { count: minutes / 60 }) : translate('{{count}} minutes', { count: minutes })),
    ),
  },
} as const;
