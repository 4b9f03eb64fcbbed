import { z } from 'zod';
import {
  ZLoginRequest,
  ZRegisterRequest,
  ZCheckResetLinkRequest,
  ZResetPasswordRequest,
  ZSendMagicLinkRequest,
  ZSendResetRequest,
  ZSendVerificationRequest,
  ZVerifyEmailRequest,
  ZVerifyMagicLinkRequest,
} from '../schemas/auth';
import { ZExchangeSsoTicketRequest, ZFinishSsoQuery, ZSsoProviderParams, ZStartSsoQuery } from '../schemas/sso';
import { ZAddPushDeviceRequest, ZPushDeviceParams } from '../schemas/push';
import {
  ZConversationListQuery,
  ZEditMessageRequest,
  ZMarkReadRequest,
  ZMessageListQuery,
  ZSearchQuery,
  ZSendMessageRequest,
  ZOpenChatRequest,
  ZReactionParams,
  ZStartConversationRequest,
} from '../schemas/chat';
import {
  ZAddMemberRequest,
  ZChangeMemberRoleRequest,
  ZCreateAiAgentRequest,
  ZCreateTeamRequest,
  ZUpdateAiAgentRequest,
  ZUpdateTeamRequest,
} from '../schemas/teams';
import { AVATAR_UPLOAD_FIELD, ZGeneratedAvatarQuery } from '../schemas/avatars';
import { ZAddRoomMemberRequest, ZCreateRoomRequest, ZUpdateRoomRequest } from '../schemas/rooms';
import { ZTeamUsageQuery } from '../schemas/usage';
import { ZTeamUsageResponse } from '../schemas/responses/usage';
import { ZCreateMcpServerRequest, ZMcpServerParams, ZToolCallParams, ZUpdateAgentToolsRequest, ZUpdateMcpServerRequest, ZUpdateTeamBudgetRequest } from '../schemas/tools';
import {
  ZAgentToolsResponse,
  ZDeletedMcpServerResponse,
  ZMcpServerResponse,
  ZMcpServersResponse,
  ZReplyContextResponse,
  ZTeamBudgetResponse,
  ZToolApprovalResponse,
} from '../schemas/responses/tools';
import {
  ZAgentReplyDeltaRequest,
  ZAgentReplyParams,
  ZCreateExternalAgentRequest,
  ZExternalAgentParams,
  ZFinishAgentReplyRequest,
  ZStartAgentReplyRequest,
  ZUpdateExternalAgentRequest,
} from '../schemas/external-agents';
import {
  ZAgentReplyDeltaResponse,
  ZAgentReplyFinishedResponse,
  ZAgentReplyResponse,
  ZAgentSelfResponse,
  ZDeletedExternalAgentResponse,
  ZExternalAgentResponse,
  ZExternalAgentSecrets,
  ZExternalAgentsResponse,
  ZRevokedAgentTokenResponse,
  ZWebhookDeliveriesResponse,
} from '../schemas/responses/external-agents';
import { ZLeftRoomResponse, ZRemovedRoomMemberResponse, ZRoomResponse, ZRoomsResponse } from '../schemas/responses/rooms';
import { ZAcceptInvitationRequest, ZCreateInvitationRequest } from '../schemas/invitations';
import { ZUnsubscribeQuery, ZUnsubscribeRequest, ZUpdateNotificationSettingsRequest } from '../schemas/notifications';
import { ZNotificationSettingsResponse, ZUnsubscribedResponse } from '../schemas/responses/notifications';
import {
  ZAcceptedInvitationResponse,
  ZInvitationLinkResponse,
  ZInvitationResponse,
  ZInvitationsResponse,
  ZMyInvitationsResponse,
  ZRevokedInvitationResponse,
} from '../schemas/responses/invitations';
import {
  ZActiveRepliesResponse,
  ZAttachmentsResponse,
  ZConversationPage,
  ZConversationResponse,
  ZMessagePage,
  ZMessageResponse,
  ZOpenChatResponse,
  ZReactionResponse,
  ZReadCursorResponse,
  ZRegenerateReplyResponse,
  ZSearchPage,
  ZSentMessageResponse,
  ZStopChainResponse,
  ZStopReplyResponse,
} from '../schemas/responses/chat';
import { ZDevMailboxResponse, ZHealthResponse, ZLiveResponse, ZReadyResponse } from '../schemas/responses/misc';
import {
  ZAgentResponse,
  ZDeletedTeamResponse,
  ZDeletedTeamsResponse,
  ZLeftTeamResponse,
  ZRemovedMemberResponse,
  ZTeamAgentResponse,
  ZTeamAgentsResponse,
  ZTeamResponse,
  ZTeamsResponse,
} from '../schemas/responses/teams';
import {
  ZAuthResult,
  ZLoggedOutResponse,
  ZProfileResponse,
  ZResetLinkStatusResponse,
  ZSentResponse,
  ZUserResponse,
} from '../schemas/responses/users';
import { ZSignInOptionsResponse, ZSsoIdentitiesResponse, ZSsoLinkCancelledResponse, ZSsoLinkedResponse, ZSsoLinkResponse } from '../schemas/responses/sso';
import { ZPushDeviceRemovedResponse, ZPushDeviceResponse, ZPushDevicesResponse } from '../schemas/responses/push';
import { ZChangeEmailRequest, ZChangePasswordRequest, ZConfirmEmailChangeRequest, ZDeleteAccountRequest, ZSessionParams, ZUpdateProfileRequest } from '../schemas/account';
import { ZAccountDeletedResponse, ZAccountSessionsResponse, ZPasswordChangedResponse, ZSignedOutSessionsResponse } from '../schemas/responses/account';

import { ZBlockParams, ZBlockResponse, ZBlocksResponse, ZCreateReportRequest, ZReportResponse } from '../schemas/safety';

import { ZConversationSettingsRequest, ZDndRequest, ZStatusRequest } from '../schemas/attention';
import { ZAttentionResponse, ZConversationSettingsResponse } from '../schemas/responses/attention';

import { ZFollowThreadRequest, ZFollowedThreadsQuery, ZSavedMessagesQuery } from '../schemas/threads';
import {
  ZFollowThreadResponse,
  ZFollowedThreadsResponse,
  ZOpenThreadResponse,
  ZPinResponse,
  ZPinsResponse,
  ZSaveMessageResponse,
  ZSavedMessagesResponse,
} from '../schemas/responses/threads';
import { PINS_MAX_PER_CONVERSATION } from '../schemas/chat-constants';
import {
  ZAdminAuditQuery,
  ZAdminPeopleQuery,
  ZAdminPersonParams,
  ZAdminReportParams,
  ZAdminReportsQuery,
  ZAdminTeamsQuery,
  ZAuditQuery,
  ZDisableAccountRequest,
  ZExportDownloadQuery,
  ZExportParams,
  ZResolveReportRequest,
  ZUpdateRetentionRequest,
} from '../schemas/governance';
import {
  ZAdminHealthResponse,
  ZAdminPeopleResponse,
  ZAdminPersonResponse,
  ZAdminReportResponse,
  ZAdminReportsResponse,
  ZAdminSettingsResponse,
  ZAdminTeamsResponse,
  ZAuditEventsResponse,
  ZDataExportResponse,
  ZDataExportsResponse,
  ZExportLinkResponse,
  ZTeamRetentionResponse,
} from '../schemas/responses/governance';
import { pathParamsOf, routes, type PathParams, type Route, type RouteHead, type RouteName } from './routes';

/** The zod half of a row: what the OpenAPI document, the request parsing and the response checks read. */
export interface RouteSchemas {
  tag: string;
  summary: string;
  /** Path parameters with rules beyond "one non-empty segment"; the others are strings. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data upload instead of a JSON body: the file field's name, and whether it takes several files. */
  upload?: { field: string; multiple: boolean };
  /** Success status → the schema of `data` inside `{ success: true, data }`. */
  success?: Partial<Record<SuccessStatus, z.ZodType>>;
  /** A non-JSON success body (a file), with the content types it may carry. */
  file?: { contentTypes: readonly string[]; description: string };
  /** A browser step rather than a JSON call: it answers 302 to where the description says. */
  redirect?: { description: string };
}
export type SuccessStatus = 200 | 201 | 202;

const ZDownloadQuery = z.object({ token: z.string().optional().meta({ description: 'Signed download token from an attachment url.' }) });
const ZAgentParams = z.object({
  agent: z.string().meta({ description: 'The agent: its username for GET (a leading @ is ignored), its id for the writes.' }),
});

/** The schemas of every row of `routes`, by the same names (a missing or extra name fails the typecheck). */
export const ROUTE_SCHEMAS = {
  getHealth: { tag: 'System', summary: 'Liveness and database check', success: { 200: ZHealthResponse } },
  getLiveness: { tag: 'System', summary: 'The process answers (restart it if not)', success: { 200: ZLiveResponse } },
  getReadiness: { tag: 'System', summary: 'Database, file storage (and Redis when configured) answer: send traffic only if 200; 503 lists each state', success: { 200: ZReadyResponse } },
  getOpenApiDocument: { tag: 'System', summary: 'This OpenAPI document', file: { contentTypes: ['application/json'], description: 'The OpenAPI 3.1 document.' } },

  // ---- auth ----
  register: { tag: 'Auth', summary: 'Create an account; a verification mail follows (its link returns to `next`, a path of this app, when given)', body: ZRegisterRequest, success: { 201: ZUserResponse } },
  login: { tag: 'Auth', summary: 'Sign in by username or email', body: ZLoginRequest, success: { 200: ZAuthResult } },
  getSignedInUser: { tag: 'Auth', summary: 'The signed-in user', success: { 200: ZUserResponse } },
  logout: { tag: 'Auth', summary: 'End this session', success: { 200: ZLoggedOutResponse } },
  refreshSession: { tag: 'Auth', summary: 'A fresh access token for a live session (the bearer token may have expired)', success: { 200: ZAuthResult } },
  sendVerification: { tag: 'Auth', summary: 'Mail a verification link (`next`: a path of this app the link returns to)', body: ZSendVerificationRequest, success: { 200: ZSentResponse } },
  resendVerification: { tag: 'Auth', summary: 'Mail a verification link again (`next`: a path of this app the link returns to)', body: ZSendVerificationRequest, success: { 200: ZSentResponse } },
  verifyEmail: { tag: 'Auth', summary: 'Verify an email address with the mailed token', body: ZVerifyEmailRequest, success: { 200: ZUserResponse } },
  sendPasswordReset: { tag: 'Auth', summary: 'Mail a password reset link (answers the same whether or not the address is known)', body: ZSendResetRequest, success: { 200: ZSentResponse } },
  resetPassword: { tag: 'Auth', summary: 'Set a new password with the mailed token', body: ZResetPasswordRequest, success: { 200: ZUserResponse } },
  checkResetLink: { tag: 'Auth', summary: 'Whether a mailed reset link still works, without spending it', body: ZCheckResetLinkRequest, success: { 200: ZResetLinkStatusResponse } },
  sendMagicLink: { tag: 'Auth', summary: 'Mail a sign-in link (by email or username)', body: ZSendMagicLinkRequest, success: { 200: ZSentResponse } },
  verifyMagicLink: { tag: 'Auth', summary: 'Sign in with the mailed magic link token', body: ZVerifyMagicLinkRequest, success: { 200: ZAuthResult } },
  getSignInOptions: { tag: 'Auth', summary: 'The sign-in page\'s choices: each OpenID Connect provider ("Continue with {name}") and whether passwords are accepted', success: { 200: ZSignInOptionsResponse } },
  startSso: {
    tag: 'Auth',
    summary: 'Begin signing in with a provider: a 302 to its authorization page (code flow with PKCE, state and nonce in an httpOnly cookie)',
    params: ZSsoProviderParams,
    query: ZStartSsoQuery,
    redirect: { description: "The provider's authorization page; `/auth/login?sso_error=` when the provider cannot be reached" },
  },
  finishSso: {
    tag: 'Auth',
    summary: "The provider's redirect back: a 302 to the app with a one-time ticket (`/auth/sso#ticket=`), to the sign-in page to link an existing account, or with `?sso_error=`",
    params: ZSsoProviderParams,
    query: ZFinishSsoQuery,
    redirect: { description: '`/auth/sso#ticket=…` (signed in), `/auth/login?sso_link=1` (an account to link), or `/auth/login?sso_error=<code>`' },
  },
  exchangeSsoTicket: { tag: 'Auth', summary: "Trade the callback's one-time ticket for a session (single use, one minute)", body: ZExchangeSsoTicketRequest, success: { 200: ZAuthResult } },
  getSsoLink: { tag: 'Auth', summary: "A provider sign-in waiting in this browser to be linked to the account with its email (null when none)", success: { 200: ZSsoLinkResponse } },
  confirmSsoLink: { tag: 'Auth', summary: 'Link the waiting provider sign-in to your account; only after signing in to it with its password or a magic link', success: { 200: ZSsoLinkedResponse } },
  cancelSsoLink: { tag: 'Auth', summary: 'Forget the waiting provider sign-in', success: { 200: ZSsoLinkCancelledResponse } },
  listSsoIdentities: { tag: 'Users', summary: 'The providers your account signs in with', success: { 200: ZSsoIdentitiesResponse } },

  // ---- people: profiles, notification settings, avatars ----
  getProfile: { tag: 'Users', summary: 'The signed-in profile', success: { 200: ZProfileResponse } },
  getNotificationSettings: { tag: 'Notifications', summary: "The caller's notification settings", success: { 200: ZNotificationSettingsResponse } },
  updateNotificationSettings: {
    tag: 'Notifications',
    summary: 'How long unread messages wait before one email lists them (minutes; null turns the emails off), and whether pushes show message text',
    body: ZUpdateNotificationSettingsRequest,
    success: { 200: ZNotificationSettingsResponse },
  },
  listPushDevices: { tag: 'Notifications', summary: "Your devices that get push notifications, and the server's VAPID public key (null: push is off here)", success: { 200: ZPushDevicesResponse } },
  addPushDevice: { tag: 'Notifications', summary: "Add this device's push subscription (the same endpoint again replaces it)", body: ZAddPushDeviceRequest, success: { 201: ZPushDeviceResponse } },
  removePushDevice: { tag: 'Notifications', summary: 'Stop pushing to one of your devices', params: ZPushDeviceParams, success: { 200: ZPushDeviceRemovedResponse } },
  unsubscribe: {
    tag: 'Notifications',
    summary:
      'Turn the unread-message emails off with the token of the mailed link, without signing in. Mail clients use the one-click form (RFC 8058): the token in the query and `List-Unsubscribe=One-Click` as a form body',
    query: ZUnsubscribeQuery,
    // The token comes in this body or, from a mail client's one-click, in the query.
    body: ZUnsubscribeRequest.partial(),
    success: { 200: ZUnsubscribedResponse },
  },
  uploadOwnAvatar: { tag: 'Users', summary: 'Upload your avatar (multipart field `avatar`: PNG, JPEG, WebP or GIF, at most 5 MB; stored as a 256 px WebP)', upload: { field: AVATAR_UPLOAD_FIELD, multiple: false }, success: { 200: ZAgentResponse } },
  removeOwnAvatar: { tag: 'Users', summary: 'Remove your avatar (the generated one shows again)', success: { 200: ZAgentResponse } },
  // ---- your account ----
  updateProfile: { tag: 'Users', summary: 'Change your first, middle and last name and your role (shown on cards; everyone who sees you hears `agent.updated`)', body: ZUpdateProfileRequest, success: { 200: ZProfileResponse } },
  requestEmailChange: { tag: 'Users', summary: 'Ask to change your email (current password needed): a confirmation link goes to the new address, a notice to the old; the old address stays until the link is opened', body: ZChangeEmailRequest, success: { 200: ZSentResponse } },
  confirmEmailChange: { tag: 'Auth', summary: 'Confirm an email change with the mailed token: the new address replaces the old one, verified (409 when it was taken meanwhile)', body: ZConfirmEmailChangeRequest, success: { 200: ZUserResponse } },
  changePassword: { tag: 'Users', summary: 'Change your password (current password needed); every other session is signed out', body: ZChangePasswordRequest, success: { 200: ZPasswordChangedResponse } },
  listSessions: { tag: 'Users', summary: 'Your signed-in sessions: device, last seen, which one is this', success: { 200: ZAccountSessionsResponse } },
  signOutOtherSessions: { tag: 'Users', summary: 'Sign out every session but this one', success: { 200: ZSignedOutSessionsResponse } },
  signOutSession: { tag: 'Users', summary: 'Sign out one of your sessions', params: ZSessionParams, success: { 200: ZSignedOutSessionsResponse } },
  sendDeleteAccountLink: { tag: 'Users', summary: 'Mail a link that confirms deleting your account (for whoever does not know their password)', success: { 200: ZSentResponse } },
  deleteAccount: { tag: 'Users', summary: 'Delete your account (password or mailed token); messages stay as "Deleted user"; a sole owner of a team answers 409 listing those teams', body: ZDeleteAccountRequest, success: { 200: ZAccountDeletedResponse } },

  getUploadedAvatar: { tag: 'Users', summary: 'An uploaded avatar (public, unguessable id, cached for a year)', file: { contentTypes: ['image/webp'], description: 'A 256 px square WebP image.' } },
  getGeneratedAvatar: { tag: 'Users', summary: 'A generated avatar for a seed (letters, digits, _ . @ -), with the initials it shows (`initials`, one or two letters or digits)', query: ZGeneratedAvatarQuery, file: { contentTypes: ['image/svg+xml'], description: 'An SVG avatar.' } },

  // ---- teams, their invitations and agents ----
  listTeams: { tag: 'Teams', summary: 'Teams the caller belongs to', success: { 200: ZTeamsResponse } },
  createTeam: { tag: 'Teams', summary: 'Create a team; the caller becomes its owner', body: ZCreateTeamRequest, success: { 201: ZTeamResponse } },
  getTeam: { tag: 'Teams', summary: 'One team the caller belongs to', success: { 200: ZTeamResponse } },
  listTeamAgents: { tag: 'Teams', summary: 'The agents of a team, with presence', success: { 200: ZTeamAgentsResponse } },
  createAiAgent: { tag: 'Teams', summary: 'Create an AI agent in a team (owners and admins)', body: ZCreateAiAgentRequest, success: { 201: ZTeamAgentResponse } },
  addTeamMember: { tag: 'Teams', summary: 'Add an agent to a team by username (owners and admins)', body: ZAddMemberRequest, success: { 201: ZTeamAgentResponse } },
  updateTeam: { tag: 'Teams', summary: 'Rename or describe a team (owners)', body: ZUpdateTeamRequest, success: { 200: ZTeamResponse } },
  deleteTeam: { tag: 'Teams', summary: 'Delete a team: it vanishes for everyone at once and its owners may restore it during the grace period (owners)', success: { 200: ZDeletedTeamResponse } },
  getTeamUsage: { tag: 'Teams', summary: "AI tokens per day by AI agent, by the person whose message started the replies and tool calls by tool, with the team's budget and today's use (owners; `days`, today included)", query: ZTeamUsageQuery, success: { 200: ZTeamUsageResponse } },
  updateTeamBudget: { tag: 'Teams', summary: "Set the team's daily AI token budget and a per-person daily limit inside it (owners; null: the operator's ceiling / no limit; 400 above the ceiling)", body: ZUpdateTeamBudgetRequest, success: { 200: ZTeamBudgetResponse } },
  // ---- agents that act ----
  listMcpServers: { tag: 'Tools', summary: "The team's MCP servers with their tools (owners and admins); auth headers are never returned, only their names", success: { 200: ZMcpServersResponse } },
  createMcpServer: { tag: 'Tools', summary: 'Register an MCP server (Streamable HTTP) and list its tools (owners and admins); 400 when its host is not allowed (loopback, private, link-local, metadata) unless the operator named it', body: ZCreateMcpServerRequest, success: { 201: ZMcpServerResponse } },
  updateMcpServer: { tag: 'Tools', params: ZMcpServerParams, summary: 'Rename an MCP server, move it or change its auth headers (owners and admins; `headers: null` removes them)', body: ZUpdateMcpServerRequest, success: { 200: ZMcpServerResponse } },
  deleteMcpServer: { tag: 'Tools', params: ZMcpServerParams, summary: 'Remove an MCP server; its tools leave every agent (owners and admins)', success: { 200: ZDeletedMcpServerResponse } },
  refreshMcpServer: { tag: 'Tools', params: ZMcpServerParams, summary: "List an MCP server's tools again (owners and admins)", success: { 200: ZMcpServerResponse } },
  leaveTeam: { tag: 'Teams', summary: 'Leave a team (409: the last owner while others remain; the last person while it holds rooms with messages, conversations or AI agents)', success: { 200: ZLeftTeamResponse } },
  // ---- deleted teams ----
  listDeletedTeams: { tag: 'Teams', summary: 'Teams the caller owns that were deleted and can still be restored', success: { 200: ZDeletedTeamsResponse } },
  restoreTeam: { tag: 'Teams', summary: 'Restore a deleted team within its grace period (owners)', success: { 200: ZTeamResponse } },
  changeMemberRole: { tag: 'Teams', summary: "Change a member's role (owners and admins; only owners touch owners)", body: ZChangeMemberRoleRequest, success: { 200: ZTeamAgentResponse } },
  removeTeamMember: { tag: 'Teams', summary: 'Remove a member, as if they left (owners and admins; only owners remove owners)', success: { 200: ZRemovedMemberResponse } },
  createInvitation: { tag: 'Invitations', summary: 'Invite someone by email; replaces an older pending invitation to the same address (owners and admins)', body: ZCreateInvitationRequest, success: { 201: ZInvitationResponse } },
  listInvitations: { tag: 'Invitations', summary: 'Pending invitations of a team (owners and admins)', success: { 200: ZInvitationsResponse } },
  revokeInvitation: { tag: 'Invitations', summary: 'Revoke a pending invitation (owners and admins)', success: { 200: ZRevokedInvitationResponse } },
  listMyInvitations: { tag: 'Invitations', summary: "Pending invitations addressed to the caller's verified email, with team and inviter", success: { 200: ZMyInvitationsResponse } },
  acceptInvitationById: { tag: 'Invitations', summary: "Join the team of an invitation addressed to the caller's email (404 for anyone else's; single use)", success: { 200: ZAcceptedInvitationResponse } },
  describeInvitationLink: { tag: 'Invitations', summary: 'Which team an emailed invitation link is for and whether it still works', success: { 200: ZInvitationLinkResponse } },
  acceptInvitationLink: { tag: 'Invitations', summary: 'Join the team of an emailed invitation (any verified account holding the link)', body: ZAcceptInvitationRequest, success: { 200: ZAcceptedInvitationResponse } },
  getAgent: { tag: 'Agents', params: ZAgentParams, summary: 'An agent the caller may see, by username (a leading @ is ignored)', success: { 200: ZAgentResponse } },
  updateAiAgent: { tag: 'Agents', params: ZAgentParams, summary: 'Edit an AI agent (managers of its team)', body: ZUpdateAiAgentRequest, success: { 200: ZAgentResponse } },
  uploadAiAgentAvatar: { tag: 'Agents', params: ZAgentParams, summary: "Upload an AI agent's avatar (managers of its team; multipart field `avatar`, as for your own)", upload: { field: AVATAR_UPLOAD_FIELD, multiple: false }, success: { 200: ZAgentResponse } },
  removeAiAgentAvatar: { tag: 'Agents', params: ZAgentParams, summary: "Remove an AI agent's avatar (managers of its team)", success: { 200: ZAgentResponse } },
  getAgentTools: { tag: 'Tools', params: ZAgentParams, summary: "The tools an AI agent may be given (built-in and its team's MCP servers') with each one's policy for it (managers of its team; by id)", success: { 200: ZAgentToolsResponse } },
  updateAgentTools: { tag: 'Tools', params: ZAgentParams, summary: 'Set tools of an AI agent to run on their own, need approval, or be off, and who approves (managers of its team; by id)', body: ZUpdateAgentToolsRequest, success: { 200: ZAgentToolsResponse } },

  // ---- team rooms: a room's messages, typing, seen markers and reactions use the chat routes with its conversation id ----
  listRooms: { tag: 'Rooms', summary: "The team's rooms the caller is in, then the open rooms they could join", success: { 200: ZRoomsResponse } },
  createRoom: { tag: 'Rooms', summary: 'Create a room (team members); the creator is in it, with the people and AI agents named', body: ZCreateRoomRequest, success: { 201: ZRoomResponse } },
  getRoom: { tag: 'Rooms', summary: 'One room by name, with its conversation for members (a private room is 404 to anyone outside it)', success: { 200: ZRoomResponse } },
  updateRoom: { tag: 'Rooms', summary: "Rename a room, set its topic, privacy, the AI agent that answers everything and the agent turn limit (its creator, the team's owners and admins)", body: ZUpdateRoomRequest, success: { 200: ZRoomResponse } },
  joinRoom: { tag: 'Rooms', summary: 'Join an open room', success: { 200: ZRoomResponse } },
  leaveRoom: { tag: 'Rooms', summary: 'Leave a room (not #general)', success: { 200: ZLeftRoomResponse } },
  addRoomMember: { tag: 'Rooms', summary: "Add a person or one of the team's AI agents to a room (room members)", body: ZAddRoomMemberRequest, success: { 200: ZRoomResponse } },
  removeRoomMember: { tag: 'Rooms', summary: "Remove someone from a room (its creator, the team's owners and admins; AI agents by any member)", success: { 200: ZRemovedRoomMemberResponse } },

  // ---- chat ----
  openChat: { tag: 'Chat', summary: 'The chat page in one round trip: the agent by username, the conversation with it (started if new; team-scoped with `teamHandle`) and its newest page of messages with seenStatus. Same rules as GET /agents/:agent, POST …/start and GET …/messages', body: ZOpenChatRequest, success: { 200: ZOpenChatResponse } },
  startConversation: { tag: 'Chat', summary: 'Get or create the conversation with an agent', body: ZStartConversationRequest, success: { 200: ZConversationResponse } },
  listConversations: { tag: 'Chat', summary: "The caller's conversations, latest activity first", query: ZConversationListQuery, success: { 200: ZConversationPage } },
  getConversation: { tag: 'Chat', summary: 'One conversation', success: { 200: ZConversationResponse } },
  listMessages: { tag: 'Chat', summary: 'A page of messages (newest page first; `after` for gap-fill; `around` a seq with its neighbours)', query: ZMessageListQuery, success: { 200: ZMessagePage } },
  sendMessage: { tag: 'Chat', summary: 'Send a message (idempotent by clientMessageId: 201 new, 200 repeat)', body: ZSendMessageRequest, success: { 201: ZSentMessageResponse, 200: ZSentMessageResponse } },
  sendMessageAsync: { tag: 'Chat', summary: 'Send a message; an AI reply follows over the socket', body: ZSendMessageRequest, success: { 201: ZSentMessageResponse, 200: ZSentMessageResponse } },
  markConversationRead: { tag: 'Chat', summary: 'Move the read cursor to a message', body: ZMarkReadRequest, success: { 200: ZReadCursorResponse } },
  uploadAttachments: { tag: 'Chat', summary: 'Upload files (multipart) to attach to a message', upload: { field: 'files', multiple: true }, success: { 201: ZAttachmentsResponse } },
  downloadAttachment: { tag: 'Chat', summary: 'Download an attachment (signed ?token= or bearer)', query: ZDownloadQuery, file: { contentTypes: ['application/octet-stream'], description: 'The file, with its stored content type.' } },
  editMessage: { tag: 'Chat', summary: 'Edit your own message', body: ZEditMessageRequest, success: { 200: ZMessageResponse } },
  markMessageSeen: { tag: 'Chat', summary: 'Mark a message as seen', success: { 200: ZReadCursorResponse } },
  deleteMessage: { tag: 'Chat', summary: 'Delete your own message: it stays in place as deleted, its files are removed (repeating answers the same)', success: { 200: ZMessageResponse } },
  addReaction: { tag: 'Chat', params: ZReactionParams, summary: 'React with one emoji (URL-encoded); idempotent', success: { 200: ZReactionResponse } },
  removeReaction: { tag: 'Chat', params: ZReactionParams, summary: 'Take your emoji reaction back; idempotent', success: { 200: ZReactionResponse } },
  searchMessages: { tag: 'Chat', summary: 'Full-text search over the messages of every conversation the caller can read, newest first, matches highlighted', query: ZSearchQuery, success: { 200: ZSearchPage } },

  // ---- threads, pins and saved messages (decision 0026) ----
  openThread: { tag: 'Threads', summary: "Open a message's thread (made on first open; 400 for a message that can't start one): its conversation and root", success: { 200: ZOpenThreadResponse, 201: ZOpenThreadResponse } },
  listFollowedThreads: { tag: 'Threads', summary: 'The threads the caller follows (started, replied in, mentioned in, or followed), latest reply first, with unread counts', query: ZFollowedThreadsQuery, success: { 200: ZFollowedThreadsResponse } },
  followThread: { tag: 'Threads', summary: 'Follow a thread or stop following it', body: ZFollowThreadRequest, success: { 200: ZFollowThreadResponse } },
  listPins: { tag: 'Threads', summary: "A conversation's pinned messages, newest pinned first", success: { 200: ZPinsResponse } },
  pinMessage: { tag: 'Threads', summary: `Pin a message for everyone in its conversation; idempotent (409 past ${PINS_MAX_PER_CONVERSATION} pins, 400 in a thread)`, success: { 200: ZPinResponse } },
  unpinMessage: { tag: 'Threads', summary: 'Unpin a message; idempotent', success: { 200: ZPinResponse } },
  listSavedMessages: { tag: 'Threads', summary: "The caller's saved messages they can still read, newest saved first", query: ZSavedMessagesQuery, success: { 200: ZSavedMessagesResponse } },
  saveMessage: { tag: 'Threads', summary: 'Save a message for yourself; idempotent', success: { 200: ZSaveMessageResponse } },
  unsaveMessage: { tag: 'Threads', summary: 'Remove a message from your saved messages; idempotent', success: { 200: ZSaveMessageResponse } },

  // ---- AI replies ----
  stopReply: { tag: 'AI replies', summary: 'Stop a reply being written', success: { 200: ZStopReplyResponse } },
  stopChain: { tag: 'AI replies', summary: "Stop every AI reply running or waiting in a room, and the chain of agents asking each other (any member)", success: { 200: ZStopChainResponse } },
  regenerateReply: { tag: 'AI replies', summary: 'Write the latest AI reply again', success: { 202: ZRegenerateReplyResponse } },
  listActiveReplies: { tag: 'AI replies', summary: 'Replies being written now or waiting for an approval, with their text and tool steps so far', success: { 200: ZActiveRepliesResponse } },
  getReplyContext: { tag: 'AI replies', summary: 'What an AI reply read: the messages, files and tool results that went into it (members of its conversation)', success: { 200: ZReplyContextResponse } },
  // ---- external agents (decision 0025) ----
  listExternalAgents: { tag: 'External agents', summary: "The team's external agents with their token's hint and webhook health (owners and admins)", success: { 200: ZExternalAgentsResponse } },
  createExternalAgent: { tag: 'External agents', summary: 'Seat an external agent in the team (owners and admins): answers its API token, and its webhook signing secret when it has a webhook URL, this once; 409 when the username is taken, 400 when the webhook host is not allowed', body: ZCreateExternalAgentRequest, success: { 201: ZExternalAgentSecrets } },
  updateExternalAgent: { tag: 'External agents', params: ZExternalAgentParams, summary: "Change an external agent's profile, what it hears, or its webhook URL (owners and admins; `webhookUrl: null` turns webhooks off; a first webhook URL gets a signing secret, shown by rotating the token; 400 when the webhook host is not allowed)", body: ZUpdateExternalAgentRequest, success: { 200: ZExternalAgentResponse } },
  deleteExternalAgent: { tag: 'External agents', params: ZExternalAgentParams, summary: 'Remove an external agent from the team: its token is revoked and its sockets close; its messages stay (owners and admins)', success: { 200: ZDeletedExternalAgentResponse } },
  rotateExternalAgentToken: { tag: 'External agents', params: ZExternalAgentParams, summary: 'Make a new token (and webhook secret) for an external agent, shown this once; the old token stops working and its sockets close (owners and admins)', success: { 200: ZExternalAgentSecrets } },
  revokeExternalAgentToken: { tag: 'External agents', params: ZExternalAgentParams, summary: "Revoke an external agent's token: its sockets close within seconds and every call answers 401 (owners and admins)", success: { 200: ZRevokedAgentTokenResponse } },
  listWebhookDeliveries: { tag: 'External agents', params: ZExternalAgentParams, summary: "An external agent's newest webhook deliveries with their state, attempts and last answer (owners and admins)", success: { 200: ZWebhookDeliveriesResponse } },
  getAgentSelf: { tag: 'Agent API', summary: 'Who this agent token speaks for: the agent, its team and what it hears (external agents only)', success: { 200: ZAgentSelfResponse } },
  startAgentReply: { tag: 'Agent API', summary: 'Start a streamed reply in a conversation the agent takes part in: people see it typing; `requestId` answers a request (409 once that request ended)', body: ZStartAgentReplyRequest, success: { 201: ZAgentReplyResponse } },
  appendAgentReply: { tag: 'Agent API', params: ZAgentReplyParams, summary: "Add text to a streamed reply; people see it as it comes (409 once finished or stopped)", body: ZAgentReplyDeltaRequest, success: { 200: ZAgentReplyDeltaResponse } },
  finishAgentReply: { tag: 'Agent API', params: ZAgentReplyParams, summary: 'Store a streamed reply as a message (the streamed text, or `content`); its @mentions ask the room\'s agents under the turn limit', body: ZFinishAgentReplyRequest, success: { 201: ZAgentReplyFinishedResponse } },
  approveToolCall: { tag: 'AI replies', params: ZToolCallParams, summary: "Approve a tool call waiting on its card; the tool runs once however many approve (403 for someone who may not approve, 409 once decided or expired)", success: { 200: ZToolApprovalResponse } },
  denyToolCall: { tag: 'AI replies', params: ZToolCallParams, summary: 'Deny a tool call waiting on its card; the agent is told and answers without it (403 for someone who may not approve, 409 once decided or expired)', success: { 200: ZToolApprovalResponse } },

  // ---- development ----
  // ---- blocks and reports ----
  listBlocks: { tag: 'Safety', summary: 'The people the caller blocked', success: { 200: ZBlocksResponse } },
  blockAgent: { tag: 'Safety', params: ZBlockParams, summary: 'Block a person: they cannot message the caller or see their presence (idempotent)', success: { 200: ZBlockResponse } },
  unblockAgent: { tag: 'Safety', params: ZBlockParams, summary: 'Unblock a person (idempotent)', success: { 200: ZBlockResponse } },
  createReport: { tag: 'Safety', summary: "Report a message or a person to the instance's administrators", body: ZCreateReportRequest, success: { 201: ZReportResponse } },

  // ---- notify level, status, do not disturb ----
  updateConversationSettings: {
    tag: 'Chat',
    summary: "The caller's notify level (all, mentions, none) and mute of a conversation, or close it from the sidebar until its next message",
    body: ZConversationSettingsRequest,
    success: { 200: ZConversationSettingsResponse },
  },
  getAttention: { tag: 'Users', summary: "The caller's status and do-not-disturb settings", success: { 200: ZAttentionResponse } },
  setStatus: { tag: 'Users', summary: "Set the caller's status text ('' clears it) and when it expires", body: ZStatusRequest, success: { 200: ZAttentionResponse } },
  setDoNotDisturb: {
    tag: 'Users',
    summary: 'Do not disturb until a time and/or on a daily schedule (null turns either off)',
    body: ZDndRequest,
    success: { 200: ZAttentionResponse },
  },
  // ---- governance (decision 0028) ----
  listTeamAuditEvents: { tag: 'Governance', summary: "The team's audit log, newest first (owners): who changed rights or configuration, what, from which address. Filter by actor, kind and time; page with `before`", query: ZAuditQuery, success: { 200: ZAuditEventsResponse } },
  updateTeamRetention: { tag: 'Governance', summary: 'How long the team keeps messages (owners): `days` null keeps them forever; older messages and their files are removed in the background', body: ZUpdateRetentionRequest, success: { 200: ZTeamRetentionResponse } },
  listTeamExports: { tag: 'Governance', summary: "The team's exports (owners), newest first", success: { 200: ZDataExportsResponse } },
  requestTeamExport: { tag: 'Governance', summary: 'Export the team (owners): rooms the caller can read, their messages, members and agents without secrets, as a ZIP built in the background; a mail follows when it is ready', success: { 202: ZDataExportResponse } },
  listMyExports: { tag: 'Governance', summary: 'Your exports of your own data, newest first', success: { 200: ZDataExportsResponse } },
  requestMyExport: { tag: 'Governance', summary: 'Export your data (profile, memberships, your messages with their conversations, your files) as a ZIP built in the background; a mail follows when it is ready', success: { 202: ZDataExportResponse } },
  createExportLink: { tag: 'Governance', summary: 'A single-use download link for a ready export of yours, good for a few minutes', params: ZExportParams, success: { 201: ZExportLinkResponse } },
  downloadExport: { tag: 'Governance', summary: "Download an export's ZIP with a link's single-use token", params: ZExportParams, query: ZExportDownloadQuery, file: { contentTypes: ['application/zip'], description: 'The export as a ZIP of JSON files and the files.' } },
  listAdminPeople: { tag: 'Admin', summary: 'Everyone with an account, searchable by name, username or email (instance administrators)', query: ZAdminPeopleQuery, success: { 200: ZAdminPeopleResponse } },
  disableAccount: { tag: 'Admin', summary: "Disable an account: its sessions end at once on every node and its mailed links stop working; it cannot sign in", params: ZAdminPersonParams, body: ZDisableAccountRequest, success: { 200: ZAdminPersonResponse } },
  enableAccount: { tag: 'Admin', summary: 'Enable a disabled account again', params: ZAdminPersonParams, success: { 200: ZAdminPersonResponse } },
  listAdminReports: { tag: 'Admin', summary: 'Reports people filed against messages or people, with the reported content', query: ZAdminReportsQuery, success: { 200: ZAdminReportsResponse } },
  resolveReport: { tag: 'Admin', summary: 'Resolve a report: dismiss it, remove the reported message, or disable the reported account', params: ZAdminReportParams, body: ZResolveReportRequest, success: { 200: ZAdminReportResponse } },
  listAdminTeams: { tag: 'Admin', summary: 'Every team with its size, activity and owners', query: ZAdminTeamsQuery, success: { 200: ZAdminTeamsResponse } },
  getAdminSettings: { tag: 'Admin', summary: 'The model and budget settings this instance runs with (no secrets)', success: { 200: ZAdminSettingsResponse } },
  getAdminHealth: { tag: 'Admin', summary: 'The mail outbox, reply jobs and exports by state', success: { 200: ZAdminHealthResponse } },
  listAdminAuditEvents: { tag: 'Admin', summary: "Every team's audit log and the instance's own, newest first", query: ZAdminAuditQuery, success: { 200: ZAuditEventsResponse } },

  getDevMailbox: { tag: 'Development', summary: 'Mail in the outbox, newest first (not in production)', success: { 200: ZDevMailboxResponse } },
} as const satisfies Record<RouteName, RouteSchemas>;

export type ApiRoute = RouteHead & RouteSchemas & { name: RouteName };

/**
 * Every route under /api/v1, head and schemas in one row: the OpenAPI document, the reference page
 * and the API tests' response checks read this. The API mounts exactly these rows.
 */
export const API_ROUTES: readonly ApiRoute[] = Object.values(routes).map((route: Route) => ({ ...route, ...ROUTE_SCHEMAS[route.name] }));

type SchemasOf<K extends RouteName> = (typeof ROUTE_SCHEMAS)[K];
type Field<K extends RouteName, F extends string> = SchemasOf<K> extends Record<F, infer S> ? S : undefined;

/** The `data` a route answers with, per success status. */
export type ResponsesOf<K extends RouteName> = SchemasOf<K> extends { success: infer S } ? { [Status in keyof S]: S[Status] extends z.ZodType ? z.output<S[Status]> : never } : never;
/** The `data` a route answers with, whichever success status. */
export type ResponseOf<K extends RouteName> = ResponsesOf<K>[keyof ResponsesOf<K>];
/** The JSON body a caller sends (undefined: none). */
export type BodyOf<K extends RouteName> = Field<K, 'body'> extends z.ZodType ? z.input<Field<K, 'body'>> : undefined;
/** The body as the server has it after parsing. */
export type ParsedBodyOf<K extends RouteName> = Field<K, 'body'> extends z.ZodType ? z.output<Field<K, 'body'>> : undefined;
/** A coerced field's input is `unknown` to zod; a caller sends what it is coerced to (a number in the URL). */
type CallerQuery<In, Out> = { [F in keyof In]: unknown extends In[F] ? (F extends keyof Out ? Out[F] : never) | undefined : In[F] };
/** The query a caller sends (undefined: none). */
export type QueryOf<K extends RouteName> = Field<K, 'query'> extends z.ZodType ? CallerQuery<z.input<Field<K, 'query'>>, z.output<Field<K, 'query'>>> : undefined;
export type ParsedQueryOf<K extends RouteName> = Field<K, 'query'> extends z.ZodType ? z.output<Field<K, 'query'>> : undefined;
/** Path parameters: strings, or what the row's `params` schema makes of them. */
export type ParamsOf<K extends RouteName> = PathParams<Route<K>['path']> &
  (Field<K, 'params'> extends z.ZodType ? z.output<Field<K, 'params'>> : unknown);

/** '/teams/:handle' → '/teams/{handle}' */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matcherOf = (path: string) =>
  new RegExp(`^${path.split(/(:[A-Za-z_][A-Za-z0-9_]*)/).map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part))).join('')}/?$`);
const matchers = API_ROUTES.map((route) => ({ route, pattern: matcherOf(route.path) }));

/**
 * The route answering `method path` (path below /api/v1, no query). Literal segments win over
 * parameters, as Express's mount order makes them (e.g. /teams/:handle/members/me).
 */
export function findApiRoute(method: string, path: string): ApiRoute | undefined {
  const m = method.toLowerCase();
  const candidates = matchers.filter(({ route, pattern }) => route.method === m && pattern.test(path));
  candidates.sort((a, b) => pathParamsOf(a.route.path).length - pathParamsOf(b.route.path).length);
  return candidates[0]?.route;
}
