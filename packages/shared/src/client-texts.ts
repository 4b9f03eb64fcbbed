import { defineText, pluralKey, pluralText, template } from './i18n/template';

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

/** The offline outbox, the composer's counter, copying, the emoji picker. */
export const COMPOSER_TEXTS = {
  outboxLabel: 'Waiting to send',
  outboxWaiting: 'Will send when you are back online',
  outboxFailed: 'Not sent',
  outboxRetry: 'Retry',
  outboxDelete: 'Delete',
  dropFiles: 'Drop files to attach them',
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  moreReactions: 'More reactions',
  emojiPickerLoading: 'Loading emoji...',
} as const;

/** The account pages (apps/web/src/account). */
export const ACCOUNT_PAGE_TEXTS = {
  title: 'Your account',
  menuItem: 'Account settings',
  editProfileLink: 'Edit your name, role, email and password',
  sections: {
    profile: 'Profile',
    email: 'Email',
    password: 'Password',
    sessions: 'Sessions',
    delete: 'Delete account',
  },
  profileIntro: 'Your picture, name and role, as your teams see them on cards and in chats.',
  profileSaved: 'Profile saved.',
  profileFailed: 'Could not save your profile',
  emailIntro: 'We send a confirmation link to the new address. Until you open it, your current address stays.',
  currentEmail: 'Current email',
  newEmail: 'New email',
  sendEmailLink: 'Send confirmation link',
  emailFailed: 'Could not start the email change',
  passwordIntro: 'Changing your password signs you out everywhere else. This browser stays signed in.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  passwordFailed: 'Could not change your password',
  sessionsIntro: 'The browsers and devices signed in to your account.',
  thisDevice: 'This device',
  lastSeen: template<[when: string]>('Last seen {{when}}', 'when'),
  signOut: 'Sign out',
  signOutEverywhereElse: 'Sign out everywhere else',
  noOtherSessions: 'No other sessions are signed in.',
  sessionsFailed: 'Could not load your sessions',
  signOutFailed: 'Could not sign out that session',
  signedOutOthers: pluralText('Signed out {{count}} other sessions.', 'Signed out 1 other session.'),
  deleteIntro:
    'Deleting your account cannot be undone. Your messages stay in conversations, shown as "Deleted user". You leave every team, and nothing of the account can sign in again.',
  deleteOwnerHint: 'If you are the only owner of a team, make someone else an owner or delete that team first.',
  deletePasswordLabel: 'Password',
  deleteButton: 'Delete my account',
  deleteWithLink: 'Don’t know your password? Email me a confirmation link',
  deleteLinkSent: 'We sent a confirmation link to your email. Open it in this browser to delete your account.',
  deleteWithToken: 'Confirm with the link from your email: this deletes your account.',
  deleteFailed: 'Could not delete your account',
  confirmEmailTitle: 'Confirm your new email',
  confirmingEmail: 'Confirming your new email address…',
  emailConfirmedTitle: 'Email changed',
  emailChangeFailedTitle: 'Email not changed',
  backToAccount: 'Back to your account',
} as const;

/** A room's header line when one AI agent answers every message from a person (rooms: answers_all_agent_id). */
export const answersEveryMessageText = template<[agentName: string]>('{{agentName}} answers every message', 'agentName');

/** Status, do not disturb, per-conversation notifications, closing a conversation. */
export const ATTENTION_TEXTS = {
  menuItem: 'Status and do not disturb',
  dialogTitle: 'Status and do not disturb',
  dialogDescription: 'What others see beside your name, and when Agentroom stays quiet.',
  statusLegend: 'Status',
  statusPlaceholder: 'What are you up to?',
  statusClearAfter: 'Clear after',
  statusExpiry: { never: 'Never', '30m': '30 minutes', '1h': '1 hour', today: 'Today' },
  statusSave: 'Save status',
  statusClear: 'Clear status',
  dndLegend: 'Do not disturb',
  dndHint: 'No toasts, sounds, browser notifications or emails while it is on. Others see a red dot with a bar on your picture.',
  dndOff: 'Off',
  dndFor1h: 'For 1 hour',
  dndUntilTomorrow: 'Until tomorrow 08:00',
  dndCustom: 'Until…',
  dndUntilLabel: 'Until',
  dndSet: 'Turn on',
  dndTurnOff: 'Turn off',
  dndOnUntil: template<[time: string]>('On until {{time}}', 'time'),
  dndScheduleLegend: 'Every day',
  dndScheduleFrom: 'From',
  dndScheduleTo: 'To',
  dndScheduleSave: 'Save schedule',
  dndScheduleRemove: 'Remove schedule',
  dndScheduleOn: template<[start: string, end: string, zone: string]>('Quiet every day {{start}}–{{end}} ({{zone}})', 'start', 'end', 'zone'),
  dndBadge: 'Do not disturb',
  saved: 'Saved',
  loadFailed: 'Could not load your status',
  saveFailed: 'Could not save',
  notifyMenu: 'Notifications for this conversation',
  notifyLevels: { all: 'All messages', mentions: 'Mentions only', none: 'Nothing' },
  mute: 'Mute',
  muted: 'Muted',
  settingsFailed: 'Could not change the notifications of this conversation',
  closeConversation: template<[name: string]>('Close conversation with {{name}}', 'name'),
  closeFailed: 'Could not close the conversation',
} as const;

/** What the web says when a team changes under you, and its settings pages. */
export const TEAM_CHANGE_TEXTS = {
  removedFrom: template<[team: string]>('You were removed from {{team}}', 'team'),
  deletedTeam: template<[team: string]>('{{team}} was deleted', 'team'),
  restoredTeam: template<[team: string]>('{{team}} was restored', 'team'),
  restoreFailed: 'Could not restore the team',
  deletedTeamsFailed: 'Could not load your deleted teams',
  lastPersonHint: 'You are the last person here. Delete the team, or invite someone to take it on first.',
  deleteHint:
    'Everyone loses the team, its rooms, conversations and AI agents at once. Its owners can restore it from "Deleted teams" during the grace period; after that it is gone for good and its handle is free.',
} as const;

/** Team settings for agents that act: MCP servers, an agent's tools, the AI budget (apps/web/src/tools-settings). */
export const TOOL_SETTINGS_TEXTS = {
  serversFailed: 'Could not load the MCP servers',
  saveServerFailed: 'Could not save the MCP server',
  removeServerFailed: 'Could not remove the MCP server',
  refreshFailed: 'Could not list the tools again',
  serverHelp: 'Streamable HTTP endpoint, e.g. https://mcp.example.com/mcp. Header values are stored encrypted and never shown again.',
  removeServerTitle: template<[name: string]>('Remove {{name}}?', 'name'),
  removeServerHint: 'Its tools leave every agent.',
  agentToolsFailed: 'Could not load the tools',
  saveToolsFailed: 'Could not save the tools',
  noMcpTools: 'No tools from MCP servers yet: only the built-in ones.',
  saveBudgetFailed: 'Could not save the budget',
  budgetWarning: template<[percent: number]>("Your team has used {{percent}}% of today's AI tokens.", 'percent'),
  budgetSpent: "Your team has used all of today's AI tokens. AI agents answer again tomorrow (UTC).",
  budgetUsed: template<[used: string, budget: string]>('{{used}} of {{budget}} tokens today', 'used', 'budget'),
  personLimit: template<[limit: string]>('Each person: up to {{limit}} tokens a day', 'limit'),
  budgetCeilingHint: template<[ceiling: string]>("Up to {{ceiling}} (the server's limit)", 'ceiling'),
} as const;

/** Agents that act, in a conversation: approval cards, a reply's tool steps, "What Atlas read" (decision 0024). */
export const AGENT_TOOL_TEXTS = {
  cardLabel: template<[agent: string]>('Approval request from {{agent}}', 'agent'),
  wantsToUse: 'wants to use',
  argumentsHeading: 'Arguments',
  whoMayApprove: template<[approvers: string]>('Who may approve: {{approvers}}', 'approvers'),
  approve: 'Approve',
  deny: 'Deny',
  expiresIn: defineText<[minutes: number]>([{ key: 'Expires in less than a minute' }, { key: 'Expires in {{minutes}} min' }], (translate, minutes) =>
    minutes < 1 ? translate('Expires in less than a minute') : translate('Expires in {{minutes}} min', { minutes }),
  ),
  expiresAt: template<[time: string]>('Expires at {{time}}', 'time'),
  approvedBy: template<[person: string, time: string]>('Approved by {{person}} at {{time}}', 'person', 'time'),
  deniedBy: template<[person: string, time: string]>('Denied by {{person}} at {{time}}', 'person', 'time'),
  expired: template<[agent: string]>('Expired — {{agent}} was told and went on without it.', 'agent'),
  onlyApprovers: template<[approvers: string]>('Only {{approvers}} can approve this.', 'approvers'),
  alreadyDecided: 'This request was already decided.',
  decisionFailed: 'Could not send your decision. Please try again.',
  stepsLabel: 'Tool steps',
  stepArguments: 'Arguments',
  stepResult: 'Result',
  stepFailed: template<[error: string]>('Failed: {{error}}', 'error'),
  stepDenied: 'Denied',
  stepExpired: 'Expired without an answer',
  stepWaiting: 'Waiting for approval',
  stepRunning: 'Running',
  fileRead: defineText<[agent: string, filename: string, pages?: number]>(
    [{ key: '{{agent}} read {{filename}}' }, pluralKey('{{agent}} read {{filename}} ({{count}} pages)', '{{agent}} read {{filename}} (1 page)')],
    (translate, agent, filename, pages) =>
      pages === undefined
        ? translate('{{agent}} read {{filename}}', { agent, filename })
        : translate('{{agent}} read {{filename}} ({{count}} pages)', { agent, filename, count: pages }),
  ),
  imageSeen: template<[agent: string, filename: string]>('{{agent}} looked at {{filename}}', 'agent', 'filename'),
  stepLimit: template<[agent: string, steps: number]>('{{agent}} stopped after {{steps}} tool steps (the limit).', 'agent', 'steps'),
  waitingForApproval: 'Waiting for approval',
  whatAgentRead: template<[agent: string]>('What {{agent}} read', 'agent'),
  contextDescription: 'The messages, files and tool results that went into this reply.',
  contextLoading: 'Loading what the reply read...',
  contextFailed: 'Could not load what the reply read',
  contextMessages: 'Messages',
  contextFiles: 'Files',
  contextSteps: 'Tool steps',
  contextNothing: 'This reply read nothing beyond its instructions.',
  tryAgain: 'Try again',
} as const;

/** Open seats (decision 0025): the "External" mark, and the team settings of external agents (apps/web/src/external-agents). */
export const EXTERNAL_AGENT_TEXTS = {
  badge: 'External',
  badgeTitle: 'External agent: runs outside Agentroom',
  sectionIntro:
    'Agents your team runs outside Agentroom. Each speaks the API with a token of its own, under the same rules as your AI agents.',
  listFailed: 'Could not load the external agents',
  none: 'No external agents yet.',
  add: 'Add external agent',
  addTitle: 'Add external agent',
  editTitle: template<[name: string]>('Edit {{name}}', 'name'),
  save: 'Save',
  create: 'Add agent',
  saveFailed: 'Could not save the external agent',
  name: 'Name',
  username: 'Username',
  usernameHint: 'How people @mention it. Letters, digits, - and _.',
  role: 'Role',
  description: 'Description',
  listensTo: 'What it hears',
  listensMentions: 'Only @mentions and direct messages',
  listensAll: 'Every message in its conversations',
  webhookUrl: 'Webhook URL',
  webhookHint: 'Events are POSTed here, signed with a secret. Leave empty when the agent holds a socket.',
  socket: 'Socket',
  tokenHint: template<[hint: string]>('Token …{{hint}}', 'hint'),
  tokenLastUsed: template<[when: string]>('last used {{when}}', 'when'),
  tokenNeverUsed: 'never used',
  tokenRevoked: 'No live token: it cannot connect',
  webhookHealth: template<[delivered: number, pending: number, failed: number]>(
    '{{delivered}} delivered · {{pending}} pending · {{failed}} failed',
    'delivered',
    'pending',
    'failed',
  ),
  lastWebhookError: template<[error: string]>('Last error: {{error}}', 'error'),
  secretsTitle: 'Copy this token now',
  secretsNote: "You won't see it again. Only a fingerprint is kept; if it is lost, rotate the token.",
  token: 'API token',
  webhookSecret: 'Webhook signing secret',
  copyToken: 'Copy token',
  copySecret: 'Copy webhook secret',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the text and copy it',
  done: 'Done',
  edit: 'Edit',
  rotate: 'Rotate token',
  rotateTitle: template<[name: string]>('Rotate the token of {{name}}?', 'name'),
  rotateHint: 'A new token is made and shown once; the old one stops working and its connections close.',
  rotateFailed: 'Could not rotate the token',
  revoke: 'Revoke token',
  revokeTitle: template<[name: string]>('Revoke the token of {{name}}?', 'name'),
  revokeHint: 'It disconnects within seconds and cannot connect until you rotate the token again.',
  revokeFailed: 'Could not revoke the token',
  revoked: template<[name: string]>('The token of {{name}} was revoked', 'name'),
  remove: 'Remove',
  removeTitle: template<[name: string]>('Remove {{name}}?', 'name'),
  removeHint: 'Its token is revoked and it leaves the team. Its messages stay.',
  removeFailed: 'Could not remove the external agent',
  removed: template<[name: string]>('{{name}} was removed', 'name'),
  deliveries: 'Webhook deliveries',
  deliveriesTitle: template<[name: string]>('Webhook deliveries of {{name}}', 'name'),
  deliveriesHint: 'The newest deliveries to its webhook URL.',
  deliveriesFailed: 'Could not load the webhook deliveries',
  noDeliveries: 'No deliveries yet.',
  deliveryStatus: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
  attempts: pluralText('{{count}} attempts', '1 attempt'),
  lastAnswer: defineText<[status: number | null]>([{ key: 'No answer' }, { key: 'HTTP {{status}}' }], (translate, status) =>
    status === null ? translate('No answer') : translate('HTTP {{status}}', { status }),
  ),
  nextAttempt: template<[when: string]>('Next attempt {{when}}', 'when'),
  deliveredAt: template<[when: string]>('Delivered {{when}}', 'when'),
  cancel: 'Cancel',
  tryAgain: 'Try again',
} as const;
