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
import {
  ZConversationListQuery,
  ZEditMessageRequest,
  ZMarkReadRequest,
  ZMessageListQuery,
  ZSearchQuery,
  ZSendMessageRequest,
  ZOpenChatRequest,
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
import { AVATAR_UPLOAD_FIELD } from '../schemas/avatars';
import { ZAddRoomMemberRequest, ZCreateRoomRequest, ZUpdateRoomRequest } from '../schemas/rooms';
import { ZTeamUsageQuery } from '../schemas/usage';
import { ZTeamUsageResponse } from '../schemas/responses/usage';
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

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route. `signed-in`: a valid bearer token; `verified`: one whose email is verified;
 * `expired-token`: a bearer token that may have expired (refresh); `download-token`: a signed `?token=`
 * or else a verified bearer token.
 */
export type RouteAuth = 'public' | 'signed-in' | 'verified' | 'expired-token' | 'download-token';

export interface ApiRoute {
  method: HttpMethod;
  /** Express-style path below /api/v1, as mounted: '/teams/:handle/agents'. */
  path: string;
  tag: string;
  summary: string;
  auth: RouteAuth;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data upload instead of a JSON body: the file field's name, and whether it takes several files. */
  upload?: { field: string; multiple: boolean };
  /** Success status → the schema of `data` inside `{ success: true, data }`. */
  success?: Partial<Record<200 | 201 | 202, z.ZodType>>;
  /** A non-JSON success body (a file), with the content types it may carry. */
  file?: { contentTypes: readonly string[]; description: string };
  /** May answer 429 with Retry-After. */
  rateLimited?: true;
  /** Mounted only outside production. */
  devOnly?: true;
}

const ZDownloadQuery = z.object({ token: z.string().optional().meta({ description: 'Signed download token from an attachment url.' }) });

/**
 * Every route under /api/v1: the one table the OpenAPI document, the reference page and the API tests'
 * response checks read. A test walks the mounted Express routes and fails on any route missing here.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'get', path: '/health', tag: 'System', summary: 'Liveness and database check', auth: 'public', success: { 200: ZHealthResponse } },
  { method: 'get', path: '/health/live', tag: 'System', summary: 'The process answers (restart it if not)', auth: 'public', success: { 200: ZLiveResponse } },
  { method: 'get', path: '/health/ready', tag: 'System', summary: 'Database (and Redis when configured) answer: send traffic only if 200; 503 lists each state', auth: 'public', success: { 200: ZReadyResponse } },
  { method: 'get', path: '/openapi.json', tag: 'System', summary: 'This OpenAPI document', auth: 'public', file: { contentTypes: ['application/json'], description: 'The OpenAPI 3.1 document.' } },

  // ---- auth (spec §7) ----
  { method: 'post', path: '/auth/register', tag: 'Auth', summary: 'Create an account; a verification mail follows (its link returns to `next`, a path of this app, when given)', auth: 'public', body: ZRegisterRequest, success: { 201: ZUserResponse }, rateLimited: true },
  { method: 'post', path: '/auth/login', tag: 'Auth', summary: 'Sign in by username or email', auth: 'public', body: ZLoginRequest, success: { 200: ZAuthResult }, rateLimited: true },
  { method: 'get', path: '/auth/me', tag: 'Auth', summary: 'The signed-in user', auth: 'signed-in', success: { 200: ZUserResponse } },
  { method: 'post', path: '/auth/logout', tag: 'Auth', summary: 'End this session', auth: 'signed-in', success: { 200: ZLoggedOutResponse } },
  { method: 'post', path: '/auth/refresh', tag: 'Auth', summary: 'A fresh access token for a live session (the bearer token may have expired)', auth: 'expired-token', success: { 200: ZAuthResult } },
  { method: 'post', path: '/auth/email/send-verification', tag: 'Auth', summary: 'Mail a verification link (`next`: a path of this app the link returns to)', auth: 'signed-in', body: ZSendVerificationRequest, success: { 200: ZSentResponse }, rateLimited: true },
  { method: 'post', path: '/auth/email/resend-verification', tag: 'Auth', summary: 'Mail a verification link again (`next`: a path of this app the link returns to)', auth: 'signed-in', body: ZSendVerificationRequest, success: { 200: ZSentResponse }, rateLimited: true },
  { method: 'post', path: '/auth/email/verify-email', tag: 'Auth', summary: 'Verify an email address with the mailed token', auth: 'public', body: ZVerifyEmailRequest, success: { 200: ZUserResponse } },
  { method: 'post', path: '/auth/email/send-reset', tag: 'Auth', summary: 'Mail a password reset link (answers the same whether or not the address is known)', auth: 'public', body: ZSendResetRequest, success: { 200: ZSentResponse }, rateLimited: true },
  { method: 'post', path: '/auth/email/reset-password', tag: 'Auth', summary: 'Set a new password with the mailed token', auth: 'public', body: ZResetPasswordRequest, success: { 200: ZUserResponse } },
  { method: 'post', path: '/auth/email/check-reset-link', tag: 'Auth', summary: 'Whether a mailed reset link still works, without spending it', auth: 'public', body: ZCheckResetLinkRequest, success: { 200: ZResetLinkStatusResponse }, rateLimited: true },
  { method: 'post', path: '/auth/email/send-magic-link', tag: 'Auth', summary: 'Mail a sign-in link (by email or username)', auth: 'public', body: ZSendMagicLinkRequest, success: { 200: ZSentResponse }, rateLimited: true },
  { method: 'post', path: '/auth/email/verify-magic-link', tag: 'Auth', summary: 'Sign in with the mailed magic link token', auth: 'public', body: ZVerifyMagicLinkRequest, success: { 200: ZAuthResult } },

  // ---- users ----
  { method: 'get', path: '/users/me', tag: 'Users', summary: 'The signed-in profile', auth: 'signed-in', success: { 200: ZProfileResponse } },
  { method: 'get', path: '/users/me/notifications', tag: 'Notifications', summary: "The caller's notification settings", auth: 'signed-in', success: { 200: ZNotificationSettingsResponse } },
  {
    method: 'patch',
    path: '/users/me/notifications',
    tag: 'Notifications',
    summary: 'How long unread messages wait before one email lists them (minutes; null turns the emails off)',
    auth: 'signed-in',
    body: ZUpdateNotificationSettingsRequest,
    success: { 200: ZNotificationSettingsResponse },
  },
  {
    method: 'post',
    path: '/notifications/unsubscribe',
    tag: 'Notifications',
    summary:
      'Turn the unread-message emails off with the token of the mailed link, without signing in. Mail clients use the one-click form (RFC 8058): the token in the query and `List-Unsubscribe=One-Click` as a form body',
    auth: 'public',
    query: ZUnsubscribeQuery,
    body: ZUnsubscribeRequest,
    success: { 200: ZUnsubscribedResponse },
    rateLimited: true,
  },
  { method: 'put', path: '/users/me/avatar', tag: 'Users', summary: 'Upload your avatar (multipart field `avatar`: PNG, JPEG, WebP or GIF, at most 5 MB; stored as a 256 px WebP)', auth: 'verified', upload: { field: AVATAR_UPLOAD_FIELD, multiple: false }, success: { 200: ZAgentResponse }, rateLimited: true },
  { method: 'delete', path: '/users/me/avatar', tag: 'Users', summary: 'Remove your avatar (the generated one shows again)', auth: 'verified', success: { 200: ZAgentResponse }, rateLimited: true },
  { method: 'get', path: '/avatars/i/:id.webp', tag: 'Users', summary: 'An uploaded avatar (public, unguessable id, cached for a year)', auth: 'public', file: { contentTypes: ['image/webp'], description: 'A 256 px square WebP image.' } },
  { method: 'get', path: '/avatars/:seed.svg', tag: 'Users', summary: 'A generated avatar for a seed (letters, digits, _ . @ -)', auth: 'public', file: { contentTypes: ['image/svg+xml'], description: 'An SVG avatar.' } },

  // ---- teams and agents (DESIGN §4) ----
  { method: 'get', path: '/teams', tag: 'Teams', summary: 'Teams the caller belongs to', auth: 'verified', success: { 200: ZTeamsResponse } },
  { method: 'post', path: '/teams', tag: 'Teams', summary: 'Create a team; the caller becomes its owner', auth: 'verified', body: ZCreateTeamRequest, success: { 201: ZTeamResponse }, rateLimited: true },
  { method: 'get', path: '/teams/:handle', tag: 'Teams', summary: 'One team the caller belongs to', auth: 'verified', success: { 200: ZTeamResponse } },
  { method: 'get', path: '/teams/:handle/agents', tag: 'Teams', summary: 'The agents of a team, with presence', auth: 'verified', success: { 200: ZTeamAgentsResponse } },
  { method: 'post', path: '/teams/:handle/agents', tag: 'Teams', summary: 'Create an AI agent in a team (owners and admins)', auth: 'verified', body: ZCreateAiAgentRequest, success: { 201: ZTeamAgentResponse }, rateLimited: true },
  { method: 'post', path: '/teams/:handle/members', tag: 'Teams', summary: 'Add an agent to a team by username (owners and admins)', auth: 'verified', body: ZAddMemberRequest, success: { 201: ZTeamAgentResponse }, rateLimited: true },
  { method: 'patch', path: '/teams/:handle', tag: 'Teams', summary: 'Rename or describe a team (owners)', auth: 'verified', body: ZUpdateTeamRequest, success: { 200: ZTeamResponse }, rateLimited: true },
  { method: 'delete', path: '/teams/:handle', tag: 'Teams', summary: 'Delete a team: every membership ends (owners)', auth: 'verified', success: { 200: ZDeletedTeamResponse }, rateLimited: true },
  { method: 'get', path: '/teams/:handle/usage', tag: 'Teams', summary: "AI tokens per day by AI agent and by the person whose message started the replies (owners; `days`, today included)", auth: 'verified', query: ZTeamUsageQuery, success: { 200: ZTeamUsageResponse } },
  { method: 'delete', path: '/teams/:handle/members/me', tag: 'Teams', summary: 'Leave a team (the last owner of a team with others in it answers 409)', auth: 'verified', success: { 200: ZLeftTeamResponse }, rateLimited: true },
  { method: 'patch', path: '/teams/:handle/members/:agentId', tag: 'Teams', summary: "Change a member's role (owners and admins; only owners touch owners)", auth: 'verified', body: ZChangeMemberRoleRequest, success: { 200: ZTeamAgentResponse }, rateLimited: true },
  { method: 'delete', path: '/teams/:handle/members/:agentId', tag: 'Teams', summary: 'Remove a member, as if they left (owners and admins; only owners remove owners)', auth: 'verified', success: { 200: ZRemovedMemberResponse }, rateLimited: true },
  { method: 'post', path: '/teams/:handle/invitations', tag: 'Invitations', summary: 'Invite someone by email; replaces an older pending invitation to the same address (owners and admins)', auth: 'verified', body: ZCreateInvitationRequest, success: { 201: ZInvitationResponse }, rateLimited: true },
  { method: 'get', path: '/teams/:handle/invitations', tag: 'Invitations', summary: 'Pending invitations of a team (owners and admins)', auth: 'verified', success: { 200: ZInvitationsResponse } },
  { method: 'delete', path: '/teams/:handle/invitations/:id', tag: 'Invitations', summary: 'Revoke a pending invitation (owners and admins)', auth: 'verified', success: { 200: ZRevokedInvitationResponse }, rateLimited: true },
  { method: 'get', path: '/invitations', tag: 'Invitations', summary: "Pending invitations addressed to the caller's verified email, with team and inviter", auth: 'verified', success: { 200: ZMyInvitationsResponse } },
  { method: 'post', path: '/invitations/:id/accept', tag: 'Invitations', summary: "Join the team of an invitation addressed to the caller's email (404 for anyone else's; single use)", auth: 'verified', success: { 200: ZAcceptedInvitationResponse }, rateLimited: true },
  { method: 'get', path: '/invitations/:token', tag: 'Invitations', summary: 'Which team an emailed invitation link is for and whether it still works', auth: 'public', success: { 200: ZInvitationLinkResponse }, rateLimited: true },
  { method: 'post', path: '/invitations/accept', tag: 'Invitations', summary: 'Join the team of an emailed invitation (any verified account holding the link)', auth: 'verified', body: ZAcceptInvitationRequest, success: { 200: ZAcceptedInvitationResponse }, rateLimited: true },
  { method: 'get', path: '/agents/:username', tag: 'Agents', summary: 'An agent the caller may see, by username (a leading @ is ignored)', auth: 'verified', success: { 200: ZAgentResponse } },
  { method: 'patch', path: '/agents/:id', tag: 'Agents', summary: 'Edit an AI agent (managers of its team)', auth: 'verified', body: ZUpdateAiAgentRequest, success: { 200: ZAgentResponse }, rateLimited: true },
  { method: 'put', path: '/agents/:id/avatar', tag: 'Agents', summary: "Upload an AI agent's avatar (managers of its team; multipart field `avatar`, as for your own)", auth: 'verified', upload: { field: AVATAR_UPLOAD_FIELD, multiple: false }, success: { 200: ZAgentResponse }, rateLimited: true },
  { method: 'delete', path: '/agents/:id/avatar', tag: 'Agents', summary: "Remove an AI agent's avatar (managers of its team)", auth: 'verified', success: { 200: ZAgentResponse }, rateLimited: true },

  // ---- team rooms (issue 13): a room's messages, typing, seen, reactions use the chat routes with its id ----
  { method: 'get', path: '/teams/:handle/rooms', tag: 'Rooms', summary: "The team's rooms the caller is in, then the open rooms they could join", auth: 'verified', success: { 200: ZRoomsResponse } },
  { method: 'post', path: '/teams/:handle/rooms', tag: 'Rooms', summary: 'Create a room (team members); the creator is in it, with the people and AI agents named', auth: 'verified', body: ZCreateRoomRequest, success: { 201: ZRoomResponse }, rateLimited: true },
  { method: 'get', path: '/teams/:handle/rooms/:room', tag: 'Rooms', summary: 'One room by name, with its conversation for members (a private room is 404 to anyone outside it)', auth: 'verified', success: { 200: ZRoomResponse } },
  { method: 'patch', path: '/teams/:handle/rooms/:room', tag: 'Rooms', summary: "Rename a room, set its topic, privacy, the AI agent that answers everything and the agent turn limit (its creator, the team's owners and admins)", auth: 'verified', body: ZUpdateRoomRequest, success: { 200: ZRoomResponse }, rateLimited: true },
  { method: 'post', path: '/teams/:handle/rooms/:room/join', tag: 'Rooms', summary: 'Join an open room', auth: 'verified', success: { 200: ZRoomResponse }, rateLimited: true },
  { method: 'delete', path: '/teams/:handle/rooms/:room/members/me', tag: 'Rooms', summary: 'Leave a room (not #general)', auth: 'verified', success: { 200: ZLeftRoomResponse }, rateLimited: true },
  { method: 'post', path: '/teams/:handle/rooms/:room/members', tag: 'Rooms', summary: "Add a person or one of the team's AI agents to a room (room members)", auth: 'verified', body: ZAddRoomMemberRequest, success: { 200: ZRoomResponse }, rateLimited: true },
  { method: 'delete', path: '/teams/:handle/rooms/:room/members/:agentId', tag: 'Rooms', summary: "Remove someone from a room (its creator, the team's owners and admins; AI agents by any member)", auth: 'verified', success: { 200: ZRemovedRoomMemberResponse }, rateLimited: true },

  // ---- chat (spec §7) ----
  { method: 'post', path: '/chat/open', tag: 'Chat', summary: 'The chat page in one round trip: the agent by username, the conversation with it (started if new; team-scoped with `teamHandle`) and its newest page of messages with seenStatus. Same rules as GET /agents/:username, POST …/start and GET …/messages', auth: 'verified', body: ZOpenChatRequest, success: { 200: ZOpenChatResponse } },
  { method: 'post', path: '/chat/conversations/:agentId/start', tag: 'Chat', summary: 'Get or create the conversation with an agent', auth: 'verified', body: ZStartConversationRequest, success: { 200: ZConversationResponse } },
  { method: 'get', path: '/chat/conversations', tag: 'Chat', summary: "The caller's conversations, latest activity first", auth: 'verified', query: ZConversationListQuery, success: { 200: ZConversationPage } },
  { method: 'get', path: '/chat/conversations/:id', tag: 'Chat', summary: 'One conversation', auth: 'verified', success: { 200: ZConversationResponse } },
  { method: 'get', path: '/chat/conversations/:id/messages', tag: 'Chat', summary: 'A page of messages (newest page first; `after` for gap-fill; `around` a seq with its neighbours)', auth: 'verified', query: ZMessageListQuery, success: { 200: ZMessagePage } },
  { method: 'post', path: '/chat/conversations/:id/messages', tag: 'Chat', summary: 'Send a message (idempotent by clientMessageId: 201 new, 200 repeat)', auth: 'verified', body: ZSendMessageRequest, success: { 201: ZSentMessageResponse, 200: ZSentMessageResponse }, rateLimited: true },
  { method: 'post', path: '/chat/conversations/:id/messages/async', tag: 'Chat', summary: 'Send a message; an AI reply follows over the socket', auth: 'verified', body: ZSendMessageRequest, success: { 201: ZSentMessageResponse, 200: ZSentMessageResponse }, rateLimited: true },
  { method: 'put', path: '/chat/conversations/:id/read', tag: 'Chat', summary: 'Move the read cursor to a message', auth: 'verified', body: ZMarkReadRequest, success: { 200: ZReadCursorResponse } },
  { method: 'post', path: '/chat/conversations/:id/attachments', tag: 'Chat', summary: 'Upload files (multipart) to attach to a message', auth: 'verified', upload: { field: 'files', multiple: true }, success: { 201: ZAttachmentsResponse }, rateLimited: true },
  { method: 'get', path: '/chat/attachments/:id', tag: 'Chat', summary: 'Download an attachment (signed ?token= or bearer)', auth: 'download-token', query: ZDownloadQuery, file: { contentTypes: ['application/octet-stream'], description: 'The file, with its stored content type.' } },
  { method: 'patch', path: '/chat/messages/:id', tag: 'Chat', summary: 'Edit your own message', auth: 'verified', body: ZEditMessageRequest, success: { 200: ZMessageResponse } },
  { method: 'post', path: '/chat/messages/:id/seen', tag: 'Chat', summary: 'Mark a message as seen', auth: 'verified', success: { 200: ZReadCursorResponse } },
  { method: 'delete', path: '/chat/messages/:id', tag: 'Chat', summary: 'Delete your own message: it stays in place as deleted, its files are removed (repeating answers the same)', auth: 'verified', success: { 200: ZMessageResponse } },
  { method: 'put', path: '/chat/messages/:id/reactions/:emoji', tag: 'Chat', summary: 'React with one emoji (URL-encoded); idempotent', auth: 'verified', success: { 200: ZReactionResponse }, rateLimited: true },
  { method: 'delete', path: '/chat/messages/:id/reactions/:emoji', tag: 'Chat', summary: 'Take your emoji reaction back; idempotent', auth: 'verified', success: { 200: ZReactionResponse }, rateLimited: true },
  { method: 'get', path: '/chat/search', tag: 'Chat', summary: 'Full-text search over the messages of every conversation the caller can read, newest first, matches highlighted', auth: 'verified', query: ZSearchQuery, success: { 200: ZSearchPage }, rateLimited: true },

  // ---- AI replies ----
  { method: 'post', path: '/chat/replies/:streamId/stop', tag: 'AI replies', summary: 'Stop a reply being written', auth: 'verified', success: { 200: ZStopReplyResponse } },
  { method: 'post', path: '/chat/conversations/:id/chain/stop', tag: 'AI replies', summary: "Stop every AI reply running or waiting in a room, and the chain of agents asking each other (any member)", auth: 'verified', success: { 200: ZStopChainResponse }, rateLimited: true },
  { method: 'post', path: '/chat/messages/:id/regenerate', tag: 'AI replies', summary: 'Write the latest AI reply again', auth: 'verified', success: { 202: ZRegenerateReplyResponse } },
  { method: 'get', path: '/chat/conversations/:id/replies', tag: 'AI replies', summary: 'Replies being written now, with their text so far', auth: 'verified', success: { 200: ZActiveRepliesResponse } },

  // ---- development ----
  { method: 'get', path: '/dev/mailbox', tag: 'Development', summary: 'Mail in the outbox, newest first (not in production)', auth: 'public', success: { 200: ZDevMailboxResponse }, devOnly: true },
];

/** ':name' segments of an Express path, in order. */
export const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

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
