/**
 * Every route under /api/v1 by name: its method, path, who may call it and the rate limit it spends.
 * The API mounts its Express routes from these rows and the web client calls them by row, so a path
 * exists once. The zod half of each row (schemas, summary) is `ROUTE_SCHEMAS` in route-table.ts, keyed
 * by the same names; this file imports no zod, so the web's first load can use it (decision 0008).
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route. `signed-in`: a valid bearer token; `verified`: one whose email is verified;
 * `expired-token`: a bearer token that may have expired (refresh); `download-token`: a signed `?token=`
 * or else a verified bearer token; `agent-token`: an external agent's token only (decision 0025).
 * An external agent's token is refused (403) on every row that is not `agent-token` or marked `agents: true`.
 * `instance-admin`: a verified instance administrator (decision 0028); anyone else gets 404, as if the
 * admin area did not exist.
 */
export type RouteAuth = 'public' | 'signed-in' | 'verified' | 'expired-token' | 'download-token' | 'agent-token' | 'instance-admin';

/**
 * The budgets routes spend, each shared by every route that names it (the API sets their sizes).
 * Budgets of guessable tokens and of mail are per client address; the others are per person.
 */
export type RateLimitName =
  | 'login'
  | 'register'
  | 'mail'
  | 'token'
  | 'unsubscribe-token'
  | 'avatar-writes'
  | 'invitation-mail'
  | 'invitation-token'
  | 'invitation-writes'
  | 'team-writes'
  | 'room-writes'
  | 'agent-writes'
  | 'chain-stops'
  | 'reactions'
  | 'search'
  | 'uploads'
  | 'messages'
  | 'safety-writes'
  | 'tool-writes'
  | 'approvals'
  | 'marks'
  | 'external-agent-writes'
  | 'agent-replies'
  | 'push-writes'
  | 'exports'
  | 'governance-writes';

export interface RouteHead {
  method: HttpMethod;
  /** Express-style path below /api/v1: '/teams/:handle/agents'. */
  path: string;
  auth: RouteAuth;
  /** The budget a call spends; over it the route answers 429 with Retry-After. */
  rateLimit?: RateLimitName;
  /** Mounted only outside production. */
  devOnly?: true;
  /** An external agent's token may call it too (a person's route an agent needs: read and write its conversations). */
  agents?: true;
}

const HEADS = {
  getHealth: { method: 'get', path: '/health', auth: 'public' },
  getLiveness: { method: 'get', path: '/health/live', auth: 'public' },
  getReadiness: { method: 'get', path: '/health/ready', auth: 'public' },
  getOpenApiDocument: { method: 'get', path: '/openapi.json', auth: 'public' },

  register: { method: 'post', path: '/auth/register', auth: 'public', rateLimit: 'register' },
  login: { method: 'post', path: '/auth/login', auth: 'public', rateLimit: 'login' },
  getSignedInUser: { method: 'get', path: '/auth/me', auth: 'signed-in' },
  logout: { method: 'post', path: '/auth/logout', auth: 'signed-in' },
  refreshSession: { method: 'post', path: '/auth/refresh', auth: 'expired-token' },
  sendVerification: { method: 'post', path: '/auth/email/send-verification', auth: 'signed-in', rateLimit: 'mail' },
  resendVerification: { method: 'post', path: '/auth/email/resend-verification', auth: 'signed-in', rateLimit: 'mail' },
  verifyEmail: { method: 'post', path: '/auth/email/verify-email', auth: 'public', rateLimit: 'token' },
  sendPasswordReset: { method: 'post', path: '/auth/email/send-reset', auth: 'public', rateLimit: 'mail' },
  resetPassword: { method: 'post', path: '/auth/email/reset-password', auth: 'public', rateLimit: 'token' },
  checkResetLink: { method: 'post', path: '/auth/email/check-reset-link', auth: 'public', rateLimit: 'token' },
  sendMagicLink: { method: 'post', path: '/auth/email/send-magic-link', auth: 'public', rateLimit: 'mail' },
  verifyMagicLink: { method: 'post', path: '/auth/email/verify-magic-link', auth: 'public', rateLimit: 'token' },
  // ---- single sign-on (OpenID Connect, decision 0027): the browser follows start → provider → callback ----
  getSignInOptions: { method: 'get', path: '/auth/sso/providers', auth: 'public' },
  startSso: { method: 'get', path: '/auth/sso/:provider/start', auth: 'public', rateLimit: 'login' },
  finishSso: { method: 'get', path: '/auth/sso/:provider/callback', auth: 'public', rateLimit: 'token' },
  exchangeSsoTicket: { method: 'post', path: '/auth/sso/exchange', auth: 'public', rateLimit: 'token' },
  getSsoLink: { method: 'get', path: '/auth/sso/link', auth: 'public' },
  confirmSsoLink: { method: 'post', path: '/auth/sso/link', auth: 'signed-in', rateLimit: 'login' },
  cancelSsoLink: { method: 'delete', path: '/auth/sso/link', auth: 'public' },
  listSsoIdentities: { method: 'get', path: '/users/me/sso', auth: 'signed-in' },

  getProfile: { method: 'get', path: '/users/me', auth: 'signed-in' },
  getNotificationSettings: { method: 'get', path: '/users/me/notifications', auth: 'signed-in' },
  updateNotificationSettings: { method: 'patch', path: '/users/me/notifications', auth: 'signed-in' },
  listPushDevices: { method: 'get', path: '/users/me/push-devices', auth: 'signed-in' },
  addPushDevice: { method: 'post', path: '/users/me/push-devices', auth: 'signed-in', rateLimit: 'push-writes' },
  removePushDevice: { method: 'delete', path: '/users/me/push-devices/:id', auth: 'signed-in', rateLimit: 'push-writes' },
  unsubscribe: { method: 'post', path: '/notifications/unsubscribe', auth: 'public', rateLimit: 'unsubscribe-token' },
  uploadOwnAvatar: { method: 'put', path: '/users/me/avatar', auth: 'verified', rateLimit: 'avatar-writes' },
  removeOwnAvatar: { method: 'delete', path: '/users/me/avatar', auth: 'verified', rateLimit: 'avatar-writes' },
  // ---- your account (profile, email, password, sessions, deletion) ----
  updateProfile: { method: 'patch', path: '/users/me', auth: 'signed-in', rateLimit: 'agent-writes' },
  requestEmailChange: { method: 'post', path: '/users/me/email', auth: 'signed-in', rateLimit: 'login' },
  confirmEmailChange: { method: 'post', path: '/auth/email/confirm-change', auth: 'public', rateLimit: 'token' },
  changePassword: { method: 'put', path: '/users/me/password', auth: 'signed-in', rateLimit: 'login' },
  listSessions: { method: 'get', path: '/users/me/sessions', auth: 'signed-in' },
  signOutOtherSessions: { method: 'delete', path: '/users/me/sessions', auth: 'signed-in' },
  signOutSession: { method: 'delete', path: '/users/me/sessions/:id', auth: 'signed-in' },
  sendDeleteAccountLink: { method: 'post', path: '/users/me/delete-link', auth: 'signed-in', rateLimit: 'mail' },
  deleteAccount: { method: 'post', path: '/users/me/delete', auth: 'signed-in', rateLimit: 'login' },

  getUploadedAvatar: { method: 'get', path: '/avatars/i/:id.webp', auth: 'public' },
  getGeneratedAvatar: { method: 'get', path: '/avatars/:seed.svg', auth: 'public' },

  listTeams: { method: 'get', path: '/teams', auth: 'verified' },
  createTeam: { method: 'post', path: '/teams', auth: 'verified', rateLimit: 'team-writes' },
  getTeam: { method: 'get', path: '/teams/:handle', auth: 'verified' },
  listTeamAgents: { method: 'get', path: '/teams/:handle/agents', auth: 'verified' },
  createAiAgent: { method: 'post', path: '/teams/:handle/agents', auth: 'verified', rateLimit: 'team-writes' },
  addTeamMember: { method: 'post', path: '/teams/:handle/members', auth: 'verified', rateLimit: 'team-writes' },
  updateTeam: { method: 'patch', path: '/teams/:handle', auth: 'verified', rateLimit: 'team-writes' },
  deleteTeam: { method: 'delete', path: '/teams/:handle', auth: 'verified', rateLimit: 'team-writes' },
  getTeamUsage: { method: 'get', path: '/teams/:handle/usage', auth: 'verified' },
  updateTeamBudget: { method: 'put', path: '/teams/:handle/budget', auth: 'verified', rateLimit: 'team-writes' },
  // ---- agents that act: MCP servers of a team, tools of an agent, approvals (decision 0024) ----
  listMcpServers: { method: 'get', path: '/teams/:handle/mcp-servers', auth: 'verified' },
  createMcpServer: { method: 'post', path: '/teams/:handle/mcp-servers', auth: 'verified', rateLimit: 'tool-writes' },
  updateMcpServer: { method: 'patch', path: '/teams/:handle/mcp-servers/:id', auth: 'verified', rateLimit: 'tool-writes' },
  deleteMcpServer: { method: 'delete', path: '/teams/:handle/mcp-servers/:id', auth: 'verified', rateLimit: 'tool-writes' },
  refreshMcpServer: { method: 'post', path: '/teams/:handle/mcp-servers/:id/refresh', auth: 'verified', rateLimit: 'tool-writes' },
  leaveTeam: { method: 'delete', path: '/teams/:handle/members/me', auth: 'verified', rateLimit: 'team-writes' },
  changeMemberRole: { method: 'patch', path: '/teams/:handle/members/:agentId', auth: 'verified', rateLimit: 'team-writes' },
  removeTeamMember: { method: 'delete', path: '/teams/:handle/members/:agentId', auth: 'verified', rateLimit: 'team-writes' },
  createInvitation: { method: 'post', path: '/teams/:handle/invitations', auth: 'verified', rateLimit: 'invitation-mail' },
  listInvitations: { method: 'get', path: '/teams/:handle/invitations', auth: 'verified' },
  revokeInvitation: { method: 'delete', path: '/teams/:handle/invitations/:id', auth: 'verified', rateLimit: 'invitation-writes' },
  // ---- deleted teams (a path of their own, so no team handle is shadowed) ----
  listDeletedTeams: { method: 'get', path: '/deleted-teams', auth: 'verified' },
  restoreTeam: { method: 'post', path: '/teams/:handle/restore', auth: 'verified', rateLimit: 'team-writes' },
  listMyInvitations: { method: 'get', path: '/invitations', auth: 'verified' },
  acceptInvitationById: { method: 'post', path: '/invitations/:id/accept', auth: 'verified', rateLimit: 'invitation-writes' },
  describeInvitationLink: { method: 'get', path: '/invitations/:token', auth: 'public', rateLimit: 'invitation-token' },
  acceptInvitationLink: { method: 'post', path: '/invitations/accept', auth: 'verified', rateLimit: 'invitation-token' },
  // One path template for both: GET takes the username, the writes the id (OpenAPI tools take
  // `/agents/{username}` and `/agents/{id}` for one path).
  getAgent: { method: 'get', path: '/agents/:agent', auth: 'verified' },
  updateAiAgent: { method: 'patch', path: '/agents/:agent', auth: 'verified', rateLimit: 'agent-writes' },
  uploadAiAgentAvatar: { method: 'put', path: '/agents/:agent/avatar', auth: 'verified', rateLimit: 'agent-writes' },
  removeAiAgentAvatar: { method: 'delete', path: '/agents/:agent/avatar', auth: 'verified', rateLimit: 'agent-writes' },
  getAgentTools: { method: 'get', path: '/agents/:agent/tools', auth: 'verified' },
  updateAgentTools: { method: 'put', path: '/agents/:agent/tools', auth: 'verified', rateLimit: 'tool-writes' },

  listRooms: { method: 'get', path: '/teams/:handle/rooms', auth: 'verified' },
  createRoom: { method: 'post', path: '/teams/:handle/rooms', auth: 'verified', rateLimit: 'room-writes' },
  getRoom: { method: 'get', path: '/teams/:handle/rooms/:room', auth: 'verified' },
  updateRoom: { method: 'patch', path: '/teams/:handle/rooms/:room', auth: 'verified', rateLimit: 'room-writes' },
  joinRoom: { method: 'post', path: '/teams/:handle/rooms/:room/join', auth: 'verified', rateLimit: 'room-writes' },
  leaveRoom: { method: 'delete', path: '/teams/:handle/rooms/:room/members/me', auth: 'verified', rateLimit: 'room-writes' },
  addRoomMember: { method: 'post', path: '/teams/:handle/rooms/:room/members', auth: 'verified', rateLimit: 'room-writes' },
  removeRoomMember: { method: 'delete', path: '/teams/:handle/rooms/:room/members/:agentId', auth: 'verified', rateLimit: 'room-writes' },

  openChat: { method: 'post', path: '/chat/open', auth: 'verified' },
  startConversation: { method: 'post', path: '/chat/conversations/:agentId/start', auth: 'verified' },
  listConversations: { method: 'get', path: '/chat/conversations', auth: 'verified', agents: true },
  getConversation: { method: 'get', path: '/chat/conversations/:id', auth: 'verified', agents: true },
  listMessages: { method: 'get', path: '/chat/conversations/:id/messages', auth: 'verified', agents: true },
  sendMessage: { method: 'post', path: '/chat/conversations/:id/messages', auth: 'verified', rateLimit: 'messages', agents: true },
  sendMessageAsync: { method: 'post', path: '/chat/conversations/:id/messages/async', auth: 'verified', rateLimit: 'messages', agents: true },
  markConversationRead: { method: 'put', path: '/chat/conversations/:id/read', auth: 'verified', agents: true },
  uploadAttachments: { method: 'post', path: '/chat/conversations/:id/attachments', auth: 'verified', rateLimit: 'uploads' },
  downloadAttachment: { method: 'get', path: '/chat/attachments/:id', auth: 'download-token' },
  editMessage: { method: 'patch', path: '/chat/messages/:id', auth: 'verified', agents: true },
  markMessageSeen: { method: 'post', path: '/chat/messages/:id/seen', auth: 'verified', agents: true },
  deleteMessage: { method: 'delete', path: '/chat/messages/:id', auth: 'verified', agents: true },
  addReaction: { method: 'put', path: '/chat/messages/:id/reactions/:emoji', auth: 'verified', rateLimit: 'reactions', agents: true },
  removeReaction: { method: 'delete', path: '/chat/messages/:id/reactions/:emoji', auth: 'verified', rateLimit: 'reactions', agents: true },
  searchMessages: { method: 'get', path: '/chat/search', auth: 'verified', rateLimit: 'search' },

  stopReply: { method: 'post', path: '/chat/replies/:streamId/stop', auth: 'verified' },
  stopChain: { method: 'post', path: '/chat/conversations/:id/chain/stop', auth: 'verified', rateLimit: 'chain-stops' },
  regenerateReply: { method: 'post', path: '/chat/messages/:id/regenerate', auth: 'verified' },
  listActiveReplies: { method: 'get', path: '/chat/conversations/:id/replies', auth: 'verified' },
  getReplyContext: { method: 'get', path: '/chat/messages/:id/context', auth: 'verified' },
  approveToolCall: { method: 'post', path: '/chat/tool-calls/:id/approve', auth: 'verified', rateLimit: 'approvals' },
  denyToolCall: { method: 'post', path: '/chat/tool-calls/:id/deny', auth: 'verified', rateLimit: 'approvals' },

  // ---- threads, pins and saved messages (decision 0026) ----
  openThread: { method: 'post', path: '/chat/messages/:id/thread', auth: 'verified' },
  listFollowedThreads: { method: 'get', path: '/chat/threads', auth: 'verified' },
  followThread: { method: 'put', path: '/chat/conversations/:id/follow', auth: 'verified', rateLimit: 'marks' },
  listPins: { method: 'get', path: '/chat/conversations/:id/pins', auth: 'verified' },
  pinMessage: { method: 'put', path: '/chat/messages/:id/pin', auth: 'verified', rateLimit: 'marks' },
  unpinMessage: { method: 'delete', path: '/chat/messages/:id/pin', auth: 'verified', rateLimit: 'marks' },
  listSavedMessages: { method: 'get', path: '/users/me/saved', auth: 'verified' },
  saveMessage: { method: 'put', path: '/chat/messages/:id/save', auth: 'verified', rateLimit: 'marks' },
  unsaveMessage: { method: 'delete', path: '/chat/messages/:id/save', auth: 'verified', rateLimit: 'marks' },

  // ---- blocks and reports ----
  // ---- external agents (decision 0025): managed by the team's owners and admins ----
  listExternalAgents: { method: 'get', path: '/teams/:handle/external-agents', auth: 'verified' },
  createExternalAgent: { method: 'post', path: '/teams/:handle/external-agents', auth: 'verified', rateLimit: 'external-agent-writes' },
  updateExternalAgent: { method: 'patch', path: '/teams/:handle/external-agents/:agent', auth: 'verified', rateLimit: 'external-agent-writes' },
  deleteExternalAgent: { method: 'delete', path: '/teams/:handle/external-agents/:agent', auth: 'verified', rateLimit: 'external-agent-writes' },
  rotateExternalAgentToken: { method: 'post', path: '/teams/:handle/external-agents/:agent/token', auth: 'verified', rateLimit: 'external-agent-writes' },
  revokeExternalAgentToken: { method: 'delete', path: '/teams/:handle/external-agents/:agent/token', auth: 'verified', rateLimit: 'external-agent-writes' },
  listWebhookDeliveries: { method: 'get', path: '/teams/:handle/external-agents/:agent/deliveries', auth: 'verified' },
  // ---- what an external agent calls with its own token ----
  getAgentSelf: { method: 'get', path: '/agent/me', auth: 'agent-token' },
  startAgentReply: { method: 'post', path: '/agent/replies', auth: 'agent-token', rateLimit: 'agent-replies' },
  appendAgentReply: { method: 'post', path: '/agent/replies/:streamId/delta', auth: 'agent-token', rateLimit: 'agent-replies' },
  finishAgentReply: { method: 'post', path: '/agent/replies/:streamId/finish', auth: 'agent-token', rateLimit: 'agent-replies' },
  listBlocks: { method: 'get', path: '/users/me/blocks', auth: 'verified' },
  blockAgent: { method: 'put', path: '/users/me/blocks/:agentId', auth: 'verified', rateLimit: 'safety-writes' },
  unblockAgent: { method: 'delete', path: '/users/me/blocks/:agentId', auth: 'verified', rateLimit: 'safety-writes' },
  createReport: { method: 'post', path: '/reports', auth: 'verified', rateLimit: 'safety-writes' },
  // ---- notify level, mute and close per conversation; status; do not disturb ----
  updateConversationSettings: { method: 'patch', path: '/chat/conversations/:id/settings', auth: 'verified' },
  getAttention: { method: 'get', path: '/users/me/attention', auth: 'verified' },
  setStatus: { method: 'put', path: '/users/me/status', auth: 'verified' },
  setDoNotDisturb: { method: 'put', path: '/users/me/dnd', auth: 'verified' },

  // ---- governance (decision 0028): the audit log, retention, exports ----
  listTeamAuditEvents: { method: 'get', path: '/teams/:handle/audit', auth: 'verified' },
  updateTeamRetention: { method: 'put', path: '/teams/:handle/retention', auth: 'verified', rateLimit: 'governance-writes' },
  listTeamExports: { method: 'get', path: '/teams/:handle/exports', auth: 'verified' },
  requestTeamExport: { method: 'post', path: '/teams/:handle/exports', auth: 'verified', rateLimit: 'exports' },
  listMyExports: { method: 'get', path: '/users/me/exports', auth: 'verified' },
  requestMyExport: { method: 'post', path: '/users/me/exports', auth: 'verified', rateLimit: 'exports' },
  createExportLink: { method: 'post', path: '/exports/:id/link', auth: 'verified', rateLimit: 'exports' },
  downloadExport: { method: 'get', path: '/exports/:id/download', auth: 'public', rateLimit: 'token' },
  // ---- the instance administrators' area (404 for everyone else) ----
  listAdminPeople: { method: 'get', path: '/admin/people', auth: 'instance-admin' },
  disableAccount: { method: 'post', path: '/admin/people/:agentId/disable', auth: 'instance-admin', rateLimit: 'governance-writes' },
  enableAccount: { method: 'post', path: '/admin/people/:agentId/enable', auth: 'instance-admin', rateLimit: 'governance-writes' },
  listAdminReports: { method: 'get', path: '/admin/reports', auth: 'instance-admin' },
  resolveReport: { method: 'post', path: '/admin/reports/:id/resolve', auth: 'instance-admin', rateLimit: 'governance-writes' },
  listAdminTeams: { method: 'get', path: '/admin/teams', auth: 'instance-admin' },
  getAdminSettings: { method: 'get', path: '/admin/settings', auth: 'instance-admin' },
  getAdminHealth: { method: 'get', path: '/admin/health', auth: 'instance-admin' },
  listAdminAuditEvents: { method: 'get', path: '/admin/audit', auth: 'instance-admin' },

  getDevMailbox: { method: 'get', path: '/dev/mailbox', auth: 'public', devOnly: true },
} as const satisfies Record<string, RouteHead>;

export type RouteName = keyof typeof HEADS;

/** A row with its own name, so a call by row can find the row's types. */
export type Route<K extends RouteName = RouteName> = (typeof HEADS)[K] & { readonly name: K };

/** The rows by name: `call(routes.getTeam, { params: { handle } })`. */
export const routes = Object.fromEntries(Object.entries(HEADS).map(([name, head]) => [name, { ...head, name }])) as unknown as {
  readonly [K in RouteName]: Route<K>;
};

/** ':name' segments of an Express path, in order ('/avatars/i/:id.webp' → ['id']). */
export const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

type ParamName<Segment extends string> = Segment extends `:${infer Name}.${string}` ? Name : Segment extends `:${infer Name}` ? Name : never;
type ParamNames<Path extends string> = Path extends `${infer Head}/${infer Rest}` ? ParamName<Head> | ParamNames<Rest> : ParamName<Path>;

/** The path parameters of a path, as strings: `PathParams<'/teams/:handle'>` is `{ handle: string }`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string };

/** The path of a row with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}
