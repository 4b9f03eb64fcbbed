/**
 * Texts only the web client shows (the server never sends them): fallbacks for calls when the
 * server gives no message of its own, and form texts. Kept here so every text lives in one package.
 */

/** Spec §8 fetch fallbacks for team and agent reads. */
export const TEAM_FETCH_ERRORS = {
  team: 'Failed to fetch team',
  agents: 'Failed to fetch team agents',
  teams: 'Failed to fetch teams',
  agent: 'Failed to fetch agent',
} as const;

/** Fallbacks of the chat actions the spec does not list. */
export const CHAT_ACTION_ERRORS = {
  editMessage: 'Failed to edit message',
  stopReply: 'Failed to stop the reply',
  regenerateReply: 'Failed to regenerate the reply',
  deleteMessage: 'Failed to delete the message',
  react: 'Failed to update the reaction',
  search: 'Failed to search messages',
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
