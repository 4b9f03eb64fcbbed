/**
 * Texts only the web client shows (the server never sends them): fallbacks for calls when the
 * server gives no message of its own, and form texts. Kept here so every text lives in one package.
 */

/** Fallbacks of team and agent reads, shown when the server gives no message. */
export const TEAM_FETCH_ERRORS = {
  team: 'Failed to fetch team',
  agents: 'Failed to fetch team agents',
  teams: 'Failed to fetch teams',
  agent: 'Failed to fetch agent',
} as const;

/** Fallbacks of the newer chat actions (reactions, edits, search…). */
export const CHAT_ACTION_ERRORS = {
  editMessage: 'Failed to edit message',
  stopReply: 'Failed to stop the reply',
  regenerateReply: 'Failed to regenerate the reply',
  deleteMessage: 'Failed to delete the message',
  react: 'Failed to update the reaction',
  search: 'Failed to search messages',
  stopChain: 'Failed to stop the replies',
} as const;

/** Fallbacks of the team dialogs. */
export const TEAM_ACTION_ERRORS = {
  createTeam: 'Could not create the team',
  saveAgent: 'Could not save the agent',
  addMember: 'Could not add the member',
  leaveTeam: 'Could not leave the team',
  changeRole: 'Could not change the role',
  removeMember: 'Could not remove the member',
  saveTeam: 'Could not save the team',
  deleteTeam: 'Could not delete the team',
} as const;

export const AUTH_FORM_TEXTS = {
  identifierRequired: 'Please enter your username or email',
  verificationCheckFailed: 'Could not check your verification status',
} as const;

/** Notifications: the settings dialog, the unsubscribe page, toasts and browser notifications. */
export const NOTIFICATION_TEXTS = {
  menuItem: 'Notifications',
  dialogTitle: 'Notifications',
  dialogDescription: 'How Agentroom tells you about messages you have not seen.',
  emailLegend: 'Email me about unread messages after',
  emailHint: 'One email lists every conversation whose messages waited unread this long.',
  delayLabels: { 5: '5 minutes', 15: '15 minutes', 60: '1 hour', 240: '4 hours', off: 'Off' },
  saved: 'Saved',
  loadFailed: 'Could not load your notification settings',
  saveFailed: 'Could not save your notification settings',
  browserHeading: 'Browser notifications',
  browserHint: 'A notification with the sender and a short text when a message arrives while Agentroom is in a background tab.',
  browserTurnOn: 'Turn on browser notifications',
  browserTurnOff: 'Turn off browser notifications',
  browserOn: 'Browser notifications are on in this browser.',
  browserOff: 'Browser notifications are off in this browser.',
  browserDenied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn them on here.',
  browserUnsupported: 'This browser cannot show notifications.',
  toastOpen: 'Open',
  attachmentOnly: 'Sent an attachment',
  unsubscribePageTitle: 'Unsubscribe',
  unsubscribing: 'Unsubscribing...',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribedBody: 'You will get no more emails about unread messages. You can turn them on again under Notifications in Agentroom.',
  unsubscribeFailedTitle: 'Could not unsubscribe',
  unsubscribeFailed: 'Could not unsubscribe. Please try again.',
  goToApp: 'Go to Agentroom',
  tryAgain: 'Try again',
  newMessagesPill: 'New messages ↓',
} as const;

/** Issue 23, TEAMS slice: what the web says when a team changes under you, and its settings pages. */
export const TEAM_CHANGE_TEXTS = {
  removedFrom: (team: string) => `You were removed from ${team}`,
  deletedTeam: (team: string) => `${team} was deleted`,
  restoredTeam: (team: string) => `${team} was restored`,
  restoreFailed: 'Could not restore the team',
  deletedTeamsFailed: 'Could not load your deleted teams',
  lastPersonHint: 'You are the last person here. Delete the team, or invite someone to take it on first.',
  deleteHint:
    'Everyone loses the team, its rooms, conversations and AI agents at once. Its owners can restore it from "Deleted teams" during the grace period; after that it is gone for good and its handle is free.',
} as const;
