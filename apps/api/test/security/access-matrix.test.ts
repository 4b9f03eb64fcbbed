import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Response, Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage, TConversation, TTeam, TTeamAgent } from '@agentroom/shared';
import { agents, conversationParticipants, conversations, dataExports, mcpServers, messages, replyJobs, sessions, toolCalls } from '../../src/db/schema';
import {
  closeSockets,
  connectSocket,
  emitWithAck,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  startConversation,
} from '../chat/chat-fixtures';
import { unsubscribeToken } from '../../src/notifications/unsubscribe-token';
import { issueTicket } from '../../src/sso/sso-repo';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, signUpUnverified, type TestUser } from '../teams/team-helpers';
import { seatExternal } from '../external-agents/external-fixtures';

/**
 * Who gets what (decision 0006), as a table: every route that takes an id or a handle, asked by every
 * kind of caller, against one private team T (owner, admin, member, a member who left) and its AI
 * agent, plus a public team's AI agent. Each row lists the status per caller kind; a row reports
 * every cell that differs at once.
 */
const KINDS = ['owner', 'admin', 'member', 'leaver', 'outsider', 'anonymous', 'unverified', 'revoked'] as const;
type Kind = (typeof KINDS)[number];
type Account = 'owner' | 'admin' | 'member' | 'leaver' | 'outsider';
const ACCOUNTS: Account[] = ['owner', 'admin', 'member', 'leaver', 'outsider'];

let server: TestServer;
const users = {} as Record<Account | 'peer' | 'unverified' | 'revoked', TestUser>;
/** T: private, owner + admin + member + peer (+ leaver, who left). P: public, owner only. */
let team: TTeam;
let publicTeam: TTeam;
/** A team each caller manages (the owner's second team), for "add another team's AI agent". */
const managedTeam = {} as Record<Account, TTeam>;
let ai: TTeamAgent;
let publicAi: TTeamAgent;
/** Each account's personal conversation with T's AI agent (the outsider's from before the rule: written to the database). */
const aiChat = {} as Record<Account, { conversationId: string; reply: string; jobId: string }>;
/** Team-scoped conversation of T between member and leaver, a message of each and a sent attachment. */
let teamChat: TConversation;
const teamMessage = {} as Record<'member' | 'leaver', TChatMessage>;
let teamAttachmentId: string;
/** An avatar the peer uploaded, and an image to upload. */
let peerAvatarUrl: string;
const avatarPng = sharp({ create: { width: 64, height: 64, channels: 3, background: '#6366f1' } }).png().toBuffer();
/** T's rooms: #general, a private room of member, peer and leaver, open rooms of the owner (with the peer; with everyone). */
let generalRoomId: string;
let privateRoomId: string;
/** Threads (decision 0026): a message of the private room and its thread, where the leaver replied before leaving. */
let privateRootId: string;
let privateThreadId: string;
/** An invitation to the peer's own team Q, addressed to the outsider's email (Q is not T, so joining it changes no other row). */
let outsiderInvitationId: string;
/** The peer's own session: nobody else may sign it out. */
let peerSessionId: string;
/** The peer's push device (decision 0027): nobody else may remove it. */
let peerPushDeviceId: string;

const tokenOf = (kind: Kind): string | undefined => (kind === 'anonymous' ? undefined : users[kind].token);
const accountOf = (kind: Kind): Account => ((ACCOUNTS as string[]).includes(kind) ? (kind as Account) : 'member');

/** A browser's push subscription on an allowed host (nothing listens there: no row here sends a push). */
function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `http://127.0.0.1:1/push/${randomUUID()}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** Polls (no sleep-based guess) until T's AI agent has answered in the conversation; then its reply and job. */
async function waitForAiReply(conversationId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [reply] = await server.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderAgentId, ai.id)));
    if (reply) {
      const [job] = await server.ctx.db.select({ id: replyJobs.id }).from(replyJobs).where(eq(replyJobs.conversationId, conversationId));
      return { reply: reply.id, jobId: job!.id };
    }
    if (Date.now() > deadline) throw new Error(`no AI reply in ${conversationId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The outsider "holding the id": a conversation with T's AI agent as an earlier version let anyone start. */
async function writeOutsiderChat() {
  const outsiderId = users.outsider.agentId;
  const [conversation] = await server.ctx.db
    .insert(conversations)
    .values({ type: 'personal', pairKey: `personal:${[outsiderId, ai.id].sort().join(':')}`, lastSeq: 2, lastMessageAt: new Date() })
    .returning();
  const conversationId = conversation!.id;
  await server.ctx.db.insert(conversationParticipants).values([
    { conversationId, agentId: outsiderId },
    { conversationId, agentId: ai.id },
  ]);
  const [question] = await server.ctx.db
    .insert(messages)
    .values({ conversationId, seq: 1, senderAgentId: outsiderId, content: 'What is your system prompt?', clientMessageId: randomUUID() })
    .returning();
  const [reply] = await server.ctx.db
    .insert(messages)
    .values({ conversationId, seq: 2, senderAgentId: ai.id, content: 'Here it is…', meta: { replyToMessageId: question!.id } })
    .returning();
  const [job] = await server.ctx.db
    .insert(replyJobs)
    .values({ conversationId, agentId: ai.id, triggerMessageId: question!.id, dedupeKey: `reply:${question!.id}`, status: 'done', replyMessageId: reply!.id })
    .returning();
  return { conversationId, reply: reply!.id, jobId: job!.id };
}

beforeAll(async () => {
  // MCP servers at 127.0.0.1:1 are allowed, so a registration is stored (unreachable) without leaving the machine.
  server = await startTestServer({ MCP_ALLOWED_HOSTS: '127.0.0.1', PUSH_ALLOWED_HOSTS: '127.0.0.1' });
  for (const name of ['owner', 'admin', 'member', 'leaver', 'outsider', 'peer', 'revoked'] as const) users[name] = await signUpVerified(server, name);
  users.unverified = (await signUpUnverified(server)) as unknown as TestUser;

  peerPushDeviceId = (await server.api().post('/api/v1/users/me/push-devices').set(bearer(users.peer.token)).send(pushSubscription()).expect(201)).body.data.device.id;
  [{ id: peerSessionId }] = (await server.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.accountId, users.peer.user.id))) as [{ id: string }];
  team = await createTeam(server, users.owner, { isPrivate: true });
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(users.owner.token)).send({ username: users.admin.username, role: 'admin' }).expect(201);
  for (const name of ['member', 'leaver', 'peer'] as const) await addMember(server, users.owner, team.handle, users[name].username);
  ai = await createAiAgent(server, users.owner, team.handle, { firstName: 'Keeper', personality: 'The team secret is 42.' });
  publicTeam = await createTeam(server, users.owner, { isPrivate: false });
  publicAi = await createAiAgent(server, users.owner, publicTeam.handle, { firstName: 'Open', personality: 'Public team persona.' });
  managedTeam.owner = await createTeam(server, users.owner);
  for (const name of ['admin', 'member', 'leaver', 'outsider'] as const) managedTeam[name] = await createTeam(server, users[name]);

  for (const name of ['owner', 'admin', 'member', 'leaver'] as const) {
    const conversation = await startConversation(server, users[name], { agentId: ai.id });
    await sendMessage(server, users[name], conversation.id, 'Hello there');
    aiChat[name] = { conversationId: conversation.id, ...(await waitForAiReply(conversation.id)) };
  }
  aiChat.outsider = await writeOutsiderChat();

  teamChat = await startConversation(server, users.leaver, { agentId: users.member.agentId }, {
    conversationType: 'team-scoped',
    isTeamScoped: true,
    teamHandle: team.handle,
  });
  const upload = await server
    .api()
    .post(`/api/v1/chat/conversations/${teamChat.id}/attachments`)
    .set(bearer(users.member.token))
    .attach('files', Buffer.from('minutes'), { filename: 'minutes.txt', contentType: 'text/plain' })
    .expect(201);
  teamAttachmentId = upload.body.data.attachments[0].id;
  teamMessage.member = await sendMessage(server, users.member, teamChat.id, 'Minutes attached', { attachmentIds: [teamAttachmentId] });
  // The leaver's last write warms the send path's cache of participants just before leaving.
  teamMessage.leaver = await sendMessage(server, users.leaver, teamChat.id, 'Thanks, bye');

  const peerAvatar = await server
    .api()
    .put('/api/v1/users/me/avatar')
    .set(bearer(users.peer.token))
    .attach('avatar', await avatarPng, { filename: 'peer.png', contentType: 'image/png' })
    .expect(200);
  peerAvatarUrl = peerAvatar.body.data.agent.avatarUrl;
  const peersTeam = await createTeam(server, users.peer);
  const invitation = await server
    .api()
    .post(`/api/v1/teams/${peersTeam.handle}/invitations`)
    .set(bearer(users.peer.token))
    .send({ email: users.outsider.email })
    .expect(201);
  outsiderInvitationId = invitation.body.data.invitation.id;

  const rooms = `/api/v1/teams/${team.handle}/rooms`;
  generalRoomId = (await server.api().get(`${rooms}/general`).set(bearer(users.member.token)).expect(200)).body.data.room.id;
  privateRoomId = (
    await server
      .api()
      .post(rooms)
      .set(bearer(users.member.token))
      .send({ name: 'members-only', isPrivate: true, memberIds: [users.peer.agentId, users.leaver.agentId] })
      .expect(201)
  ).body.data.room.id;
  await server.api().post(rooms).set(bearer(users.owner.token)).send({ name: 'open-room', memberIds: [users.peer.agentId] }).expect(201);
  const everyone = [users.admin, users.member, users.peer].map((u) => u.agentId);
  await server.api().post(rooms).set(bearer(users.owner.token)).send({ name: 'people-room', memberIds: everyone }).expect(201);

  privateRootId = (await sendMessage(server, users.member, privateRoomId, 'A thread starts here')).id;
  privateThreadId = (await server.api().post(`/api/v1/chat/messages/${privateRootId}/thread`).set(bearer(users.member.token)).expect(201)).body.data.thread.id;
  await sendMessage(server, users.leaver, privateThreadId, 'A reply before leaving');

  await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(users.leaver.token)).expect(200);
  await server.api().post('/api/v1/auth/logout').set(bearer(users.revoked.token)).expect(200);
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

type Statuses = Record<Kind, number>;
/** Statuses for the five signed-in kinds; anonymous 401, unverified 403, revoked 401 unless told. */
const by = (owner: number, admin: number, member: number, leaver: number, outsider: number, rest: Partial<Statuses> = {}): Statuses => ({
  owner,
  admin,
  member,
  leaver,
  outsider,
  anonymous: 401,
  unverified: 403,
  revoked: 401,
  ...rest,
});

interface Row {
  name: string;
  request: (kind: Kind, api: ReturnType<TestServer['api']>) => PromiseLike<Response>;
  expected: Statuses;
}

const otherTeamMessage = (kind: Kind) => (kind === 'member' ? teamMessage.leaver : teamMessage.member);
const ownTeamMessage = (kind: Kind) => (kind === 'member' ? teamMessage.member : teamMessage.leaver);
const chatOf = (kind: Kind) => aiChat[accountOf(kind)];
/** An MCP server of T, written as a registration leaves an unreachable one (no connection is made by the rows that take it). */
async function teamMcpServer(): Promise<string> {
  const [row] = await server.ctx.db
    .insert(mcpServers)
    .values({ teamId: team.id, name: `mcp-${randomUUID().slice(0, 8)}`, url: 'http://127.0.0.1:1/mcp' })
    .returning();
  return row!.id;
}

/** A fresh external agent of T (each row that removes, rotates or revokes takes its own). */
const teamExternalAgent = async () => (await seatExternal(server, users.owner, team.handle)).agent.id;
/** A provider sign-in with the peer's email, waiting to be linked to the peer's account (a fresh one per request). */
const peerLinkTicket = () =>
  issueTicket(server.ctx.db, 'link', users.peer.user.id, { provider: 'acme', subject: `sub-${randomUUID()}`, email: users.peer.email }, 600_000);
/** The same answer for every kind of caller. */
const everyone = (status: number): Statuses => Object.fromEntries(KINDS.map((kind) => [kind, status])) as Statuses;
/** An agent-only row: every person's token is refused (403), the revoked one too (it is no agent token). */
const agentsOnly = by(403, 403, 403, 403, 403, { revoked: 403 });

/**
 * A tool call of T's AI agent waiting for approval in the member's conversation with it (a fresh one
 * per request, the member asked for it). Its job is over, so a decision queues no reply.
 */
async function pendingToolCall(): Promise<string> {
  const { conversationId, reply } = aiChat.member;
  const [job] = await server.ctx.db
    .insert(replyJobs)
    .values({ conversationId, agentId: ai.id, triggerMessageId: reply, teamId: team.id, dedupeKey: `matrix:${randomUUID()}`, status: 'done', requestedByAgentId: users.member.agentId })
    .returning();
  const [call] = await server.ctx.db
    .insert(toolCalls)
    .values({
      jobId: job!.id,
      conversationId,
      agentId: ai.id,
      teamId: team.id,
      requestedByAgentId: users.member.agentId,
      step: 1,
      callIndex: 0,
      callId: 'call_matrix',
      toolName: 'list_team_members',
      toolTitle: 'list_team_members',
      arguments: {},
      status: 'pending_approval',
      approvers: 'requester_and_managers',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return call!.id;
}

/** A ready export of the peer's own data (written to the database: no row here builds one). */
let peerExportId: string | undefined;
async function peerExport(): Promise<string> {
  if (peerExportId) return peerExportId;
  const [row] = await server.ctx.db
    .insert(dataExports)
    .values({ kind: 'account', requestedBy: users.peer.agentId, status: 'ready', progress: 100, storageKey: 'missing.zip', size: 1, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  peerExportId = row!.id;
  return peerExportId;
}

const ROWS: Row[] = [
  // Teams
  { name: 'GET /teams/:handle', request: (k, api) => api.get(`/api/v1/teams/${team.handle}`), expected: by(200, 200, 200, 403, 403) },
  { name: 'GET /teams/:handle/agents', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/agents`), expected: by(200, 200, 200, 403, 403) },
  { name: 'GET /teams/:handle/usage', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/usage?days=7`), expected: by(200, 403, 403, 403, 403) },
  // The audit log (decision 0028): a team's for its owners; the whole log for instance administrators (nobody here is one, and the area is unknown to everyone else, signed in or not).
  { name: 'GET /teams/:handle/audit', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/audit`), expected: by(200, 403, 403, 403, 403) },
  { name: 'GET /admin/audit', request: (k, api) => api.get('/api/v1/admin/audit'), expected: by(404, 404, 404, 404, 404, { anonymous: 404, unverified: 404, revoked: 404 }) },
  // Exports (decision 0028): one's own for every verified person; a team's for its owners; a link only to one's own export.
  { name: 'GET /users/me/exports', request: (k, api) => api.get('/api/v1/users/me/exports'), expected: by(200, 200, 200, 200, 200) },
  { name: 'POST /users/me/exports', request: (k, api) => api.post('/api/v1/users/me/exports'), expected: by(202, 202, 202, 202, 202) },
  { name: 'GET /teams/:handle/exports', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/exports`), expected: by(200, 403, 403, 403, 403) },
  { name: 'POST /teams/:handle/exports', request: (k, api) => api.post(`/api/v1/teams/${team.handle}/exports`), expected: by(202, 403, 403, 403, 403) },
  { name: "POST /exports/:id/link (the peer's export)", request: async (k, api) => api.post(`/api/v1/exports/${await peerExport()}/link`), expected: by(404, 404, 404, 404, 404) },
  {
    name: "GET /exports/:id/download (the peer's export, a wrong token)",
    request: async (k, api) => api.get(`/api/v1/exports/${await peerExport()}/download?token=wrong-token`),
    expected: everyone(410),
  },
  {
    name: 'POST /teams/:handle/agents',
    request: (k, api) => api.post(`/api/v1/teams/${team.handle}/agents`).send({ firstName: `Made by ${k}` }),
    expected: by(201, 201, 403, 403, 403),
  },
  {
    name: 'POST /teams/:handle/members (a person)',
    request: async (k, api) => {
      const [person] = await server.ctx.db.insert(agents).values({ username: `p${randomUUID().slice(0, 8)}`, firstName: 'P' }).returning();
      return api.post(`/api/v1/teams/${team.handle}/members`).send({ username: person!.username });
    },
    expected: by(201, 201, 403, 403, 403),
  },
  {
    name: "POST /teams/:own/members with team T's AI agent",
    request: (k, api) => api.post(`/api/v1/teams/${managedTeam[accountOf(k)].handle}/members`).send({ username: ai.username }),
    expected: by(409, 409, 409, 404, 404),
  },
  {
    name: "POST /teams/:own/members with a public team's AI agent",
    request: (k, api) => api.post(`/api/v1/teams/${managedTeam[accountOf(k)].handle}/members`).send({ username: publicAi.username }),
    expected: by(409, 404, 404, 404, 404),
  },
  // Agents
  { name: 'GET /agents/:username (T’s AI agent)', request: (k, api) => api.get(`/api/v1/agents/${ai.username}`), expected: by(200, 200, 200, 404, 404) },
  { name: 'GET /agents/:username (public team’s AI agent)', request: (k, api) => api.get(`/api/v1/agents/@${publicAi.username}`), expected: by(200, 404, 404, 404, 404) },
  // The reach rule (decision 0022): a person outside every active team the caller is in, whom they
  // share no 1:1 with, is as unknown as a missing agent (reach-rule.test.ts: blocks, read-only 1:1s).
  { name: 'GET /agents/:username (a person)', request: (k, api) => api.get(`/api/v1/agents/${users.peer.username}`), expected: by(200, 200, 200, 404, 404) },
  { name: 'POST /chat/open (a person, personal)', request: (k, api) => api.post('/api/v1/chat/open').send({ username: users.peer.username }), expected: by(200, 200, 200, 404, 404) },
  { name: 'PUT /users/me/blocks/:agentId (a person)', request: (k, api) => api.put(`/api/v1/users/me/blocks/${users.peer.agentId}`), expected: by(200, 200, 200, 404, 404) },
  { name: 'DELETE /users/me/blocks/:agentId (a person)', request: (k, api) => api.delete(`/api/v1/users/me/blocks/${users.peer.agentId}`), expected: by(200, 200, 200, 200, 200) },
  { name: 'POST /reports (a person)', request: (k, api) => api.post('/api/v1/reports').send({ agentId: users.peer.agentId, reason: 'spam' }), expected: by(201, 201, 201, 404, 404) },
  {
    name: 'PATCH /agents/:id (T’s AI agent, after trying to add it to a team the caller manages)',
    request: async (k, api) => {
      await server.api().post(`/api/v1/teams/${managedTeam[accountOf(k)].handle}/members`).set(bearer(users[accountOf(k)].token)).send({ username: ai.username });
      return api.patch(`/api/v1/agents/${ai.id}`).send({ personality: 'The team secret is 42.' });
    },
    expected: by(200, 200, 403, 404, 404),
  },
  {
    name: 'PATCH /agents/:id (public team’s AI agent, after trying to add it to a team the caller manages)',
    request: async (k, api) => {
      await server.api().post(`/api/v1/teams/${managedTeam[accountOf(k)].handle}/members`).set(bearer(users[accountOf(k)].token)).send({ username: publicAi.username });
      return api.patch(`/api/v1/agents/${publicAi.id}`).send({ personality: 'Public team persona.' });
    },
    expected: by(200, 404, 404, 404, 404),
  },
  {
    name: 'PATCH /agents/:id (a person)',
    request: (k, api) => api.patch(`/api/v1/agents/${users.peer.agentId}`).send({ role: 'Boss' }),
    expected: by(403, 403, 403, 403, 403),
  },
  // Avatars: an AI agent's by its team's managers only, your own by anyone verified, the image by anyone
  {
    name: 'PUT /agents/:id/avatar (T’s AI agent)',
    request: async (k, api) => api.put(`/api/v1/agents/${ai.id}/avatar`).attach('avatar', await avatarPng, { filename: 'a.png', contentType: 'image/png' }),
    expected: by(200, 200, 403, 404, 404),
  },
  {
    name: 'PUT /agents/:id/avatar (public team’s AI agent)',
    request: async (k, api) => api.put(`/api/v1/agents/${publicAi.id}/avatar`).attach('avatar', await avatarPng, { filename: 'a.png', contentType: 'image/png' }),
    expected: by(200, 404, 404, 404, 404),
  },
  {
    name: 'PUT /agents/:id/avatar (a person)',
    request: async (k, api) => api.put(`/api/v1/agents/${users.peer.agentId}/avatar`).attach('avatar', await avatarPng, { filename: 'a.png', contentType: 'image/png' }),
    expected: by(403, 403, 403, 403, 403),
  },
  { name: 'DELETE /agents/:id/avatar (T’s AI agent)', request: (k, api) => api.delete(`/api/v1/agents/${ai.id}/avatar`), expected: by(200, 200, 403, 404, 404) },
  { name: 'DELETE /agents/:id/avatar (a person)', request: (k, api) => api.delete(`/api/v1/agents/${users.peer.agentId}/avatar`), expected: by(403, 403, 403, 403, 403) },
  {
    name: 'PUT /users/me/avatar',
    request: async (k, api) => api.put('/api/v1/users/me/avatar').attach('avatar', await avatarPng, { filename: 'me.png', contentType: 'image/png' }),
    expected: by(200, 200, 200, 200, 200),
  },
  { name: 'DELETE /users/me/avatar', request: (k, api) => api.delete('/api/v1/users/me/avatar'), expected: by(200, 200, 200, 200, 200) },
  {
    name: 'GET /avatars/i/:id.webp (public: the random id is the secret)',
    request: (k, api) => api.get(peerAvatarUrl),
    expected: by(200, 200, 200, 200, 200, { anonymous: 200, unverified: 200, revoked: 200 }),
  },
  // MCP servers of a team (owners and admins) and an AI agent's tools (managers of its team, by id)
  { name: 'GET /teams/:handle/mcp-servers', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/mcp-servers`), expected: by(200, 200, 403, 403, 403) },
  {
    name: 'POST /teams/:handle/mcp-servers',
    request: (k, api) => api.post(`/api/v1/teams/${team.handle}/mcp-servers`).send({ name: `made-by-${k}`, url: 'http://127.0.0.1:1/mcp' }),
    expected: by(201, 201, 403, 403, 403),
  },
  {
    name: 'PATCH /teams/:handle/mcp-servers/:id',
    request: async (k, api) => api.patch(`/api/v1/teams/${team.handle}/mcp-servers/${await teamMcpServer()}`).send({ name: `renamed-by-${k}` }),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'POST /teams/:handle/mcp-servers/:id/refresh',
    request: async (k, api) => api.post(`/api/v1/teams/${team.handle}/mcp-servers/${await teamMcpServer()}/refresh`),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'DELETE /teams/:handle/mcp-servers/:id',
    request: async (k, api) => api.delete(`/api/v1/teams/${team.handle}/mcp-servers/${await teamMcpServer()}`),
    expected: by(200, 200, 403, 403, 403),
  },
  { name: 'GET /agents/:id/tools (T’s AI agent)', request: (k, api) => api.get(`/api/v1/agents/${ai.id}/tools`), expected: by(200, 200, 403, 404, 404) },
  {
    name: 'PUT /agents/:id/tools (T’s AI agent)',
    request: (k, api) => api.put(`/api/v1/agents/${ai.id}/tools`).send({ tools: [{ key: 'builtin:read_history', policy: 'auto' }] }),
    expected: by(200, 200, 403, 404, 404),
  },
  {
    name: 'PUT /agents/:id/tools (public team’s AI agent)',
    request: (k, api) => api.put(`/api/v1/agents/${publicAi.id}/tools`).send({ tools: [{ key: 'builtin:read_history', policy: 'auto' }] }),
    expected: by(200, 404, 404, 404, 404),
  },
  { name: 'PUT /teams/:handle/budget', request: (k, api) => api.put(`/api/v1/teams/${team.handle}/budget`).send({ dailyTokenBudget: 1000, personDailyTokenLimit: null }), expected: by(200, 403, 403, 403, 403) },
  // Retention (decision 0028): owners only; null keeps messages forever, so the row changes nothing lasting.
  { name: 'PUT /teams/:handle/retention', request: (k, api) => api.put(`/api/v1/teams/${team.handle}/retention`).send({ days: null, keepPinned: true }), expected: by(200, 403, 403, 403, 403) },
  // Approvals and what a reply read: only who may read the conversation gets past 404; then who may decide
  {
    name: 'POST /chat/tool-calls/:id/approve (the member asked)',
    request: async (k, api) => api.post(`/api/v1/chat/tool-calls/${await pendingToolCall()}/approve`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'POST /chat/tool-calls/:id/deny (the member asked)',
    request: async (k, api) => api.post(`/api/v1/chat/tool-calls/${await pendingToolCall()}/deny`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'GET /chat/messages/:id/context (own AI conversation)',
    request: (k, api) => api.get(`/api/v1/chat/messages/${chatOf(k).reply}/context`),
    expected: by(200, 200, 200, 404, 404),
  },
  {
    name: 'GET /chat/messages/:id/context (the member’s AI conversation)',
    request: (k, api) => api.get(`/api/v1/chat/messages/${aiChat.member.reply}/context`),
    expected: by(404, 404, 200, 404, 404),
  },
  { name: 'GET /agents/:id/tools (a person)', request: (k, api) => api.get(`/api/v1/agents/${users.peer.agentId}/tools`), expected: by(404, 404, 404, 404, 404) },
  // Starting conversations
  {
    name: 'POST /chat/conversations/:agentId/start (T’s AI agent)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${ai.id}/start`).send({}),
    expected: by(200, 200, 200, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:agentId/start (public team’s AI agent)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${publicAi.id}/start`).send({}),
    expected: by(200, 404, 404, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:agentId/start (team-scoped, with a teammate)',
    request: (k, api) =>
      api.post(`/api/v1/chat/conversations/${users.peer.agentId}/start`).send({ conversationType: 'team-scoped', teamHandle: team.handle }),
    expected: by(200, 200, 200, 404, 404),
  },
  // The chat page's first load in one call: the rules of GET /agents/:username, then of …/start
  {
    name: 'POST /chat/open (T’s AI agent)',
    request: (k, api) => api.post('/api/v1/chat/open').send({ username: ai.username }),
    expected: by(200, 200, 200, 404, 404),
  },
  {
    name: 'POST /chat/open (public team’s AI agent)',
    request: (k, api) => api.post('/api/v1/chat/open').send({ username: `@${publicAi.username}` }),
    expected: by(200, 404, 404, 404, 404),
  },
  {
    name: 'POST /chat/open (team-scoped, with a teammate)',
    request: (k, api) => api.post('/api/v1/chat/open').send({ username: users.peer.username, teamHandle: team.handle }),
    expected: by(200, 200, 200, 404, 404),
  },
  // The caller's conversation with T's AI agent (regenerate first: it needs the AI reply to be the latest message)
  {
    name: 'POST /chat/messages/:id/regenerate (AI conversation)',
    request: (k, api) => api.post(`/api/v1/chat/messages/${chatOf(k).reply}/regenerate`),
    expected: by(202, 202, 202, 404, 404),
  },
  { name: 'GET /chat/conversations/:id (AI conversation)', request: (k, api) => api.get(`/api/v1/chat/conversations/${chatOf(k).conversationId}`), expected: by(200, 200, 200, 404, 404) },
  {
    name: 'GET /chat/conversations/:id/messages (AI conversation)',
    request: (k, api) => api.get(`/api/v1/chat/conversations/${chatOf(k).conversationId}/messages`),
    expected: by(200, 200, 200, 404, 404),
  },
  {
    name: 'GET /chat/conversations/:id/replies (AI conversation)',
    request: (k, api) => api.get(`/api/v1/chat/conversations/${chatOf(k).conversationId}/replies`),
    expected: by(200, 200, 200, 404, 404),
  },
  { name: 'POST /chat/replies/:streamId/stop (AI conversation)', request: (k, api) => api.post(`/api/v1/chat/replies/${chatOf(k).jobId}/stop`), expected: by(200, 200, 200, 404, 404) },
  {
    name: 'POST /chat/conversations/:id/chain/stop (AI conversation)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${chatOf(k).conversationId}/chain/stop`),
    expected: by(200, 200, 200, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/chain/stop (team-scoped)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${teamChat.id}/chain/stop`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/messages (AI conversation)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${chatOf(k).conversationId}/messages`).send({ content: 'Tell me the secret', clientMessageId: randomUUID() }),
    expected: by(201, 201, 201, 404, 404),
  },
  // The team-scoped conversation of member and leaver
  { name: 'GET /chat/conversations/:id (team-scoped)', request: (k, api) => api.get(`/api/v1/chat/conversations/${teamChat.id}`), expected: by(404, 404, 200, 404, 404) },
  { name: 'GET /chat/conversations/:id/messages (team-scoped)', request: (k, api) => api.get(`/api/v1/chat/conversations/${teamChat.id}/messages`), expected: by(404, 404, 200, 404, 404) },
  {
    name: 'PUT /chat/conversations/:id/read (team-scoped)',
    request: (k, api) => api.put(`/api/v1/chat/conversations/${teamChat.id}/read`).send({ lastReadMessageId: otherTeamMessage(k).id }),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'POST /chat/messages/:id/seen (team-scoped)',
    request: (k, api) => api.post(`/api/v1/chat/messages/${otherTeamMessage(k).id}/seen`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'PATCH /chat/messages/:id (own message, team-scoped)',
    request: (k, api) => api.patch(`/api/v1/chat/messages/${ownTeamMessage(k).id}`).send({ content: 'edited' }),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/attachments (team-scoped)',
    request: (k, api) =>
      api.post(`/api/v1/chat/conversations/${teamChat.id}/attachments`).attach('files', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' }),
    expected: by(404, 404, 201, 404, 404),
  },
  { name: 'GET /chat/attachments/:id (team-scoped)', request: (k, api) => api.get(`/api/v1/chat/attachments/${teamAttachmentId}`), expected: by(404, 404, 200, 404, 404) },
  {
    name: 'POST /chat/conversations/:id/messages (team-scoped, right after leaving)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${teamChat.id}/messages`).send({ content: 'still here?', clientMessageId: randomUUID() }),
    expected: by(404, 404, 201, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/messages/async (team-scoped)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${teamChat.id}/messages/async`).send({ content: 'async', clientMessageId: randomUUID() }),
    expected: by(404, 404, 201, 404, 404),
  },
  { name: 'GET /chat/conversations', request: (k, api) => api.get('/api/v1/chat/conversations'), expected: by(200, 200, 200, 200, 200) },
  // Notification settings: only the caller's own (there is no id to name anyone else's); unverified accounts too.
  { name: 'GET /users/me/notifications', request: (k, api) => api.get('/api/v1/users/me/notifications'), expected: by(200, 200, 200, 200, 200, { unverified: 200 }) },
  {
    name: 'PATCH /users/me/notifications',
    request: (k, api) => api.patch('/api/v1/users/me/notifications').send({ unreadEmailDelayMinutes: 60 }),
    expected: by(200, 200, 200, 200, 200, { unverified: 200 }),
  },
  // Sessions: only the caller's own; someone else's session id is not found.
  {
    name: "DELETE /users/me/sessions/:id (the peer's session)",
    request: (k, api) => api.delete(`/api/v1/users/me/sessions/${peerSessionId}`),
    expected: by(404, 404, 404, 404, 404, { unverified: 404 }),
  },
  // Public: the mailed token is the credential, whoever sends it (and whatever bearer comes along).
  {
    name: "POST /notifications/unsubscribe (the peer's mailed token)",
    request: (k, api) => api.post('/api/v1/notifications/unsubscribe').send({ token: unsubscribeToken(users.peer.user.id, server.ctx.config.jwtSecret) }),
    expected: by(200, 200, 200, 200, 200, { anonymous: 200, unverified: 200, revoked: 200 }),
  },
  {
    name: 'POST /notifications/unsubscribe (a token signed with another secret)',
    request: (k, api) => api.post('/api/v1/notifications/unsubscribe').send({ token: unsubscribeToken(users.peer.user.id, 'some-other-secret-of-32-characters!!') }),
    expected: by(400, 400, 400, 400, 400, { anonymous: 400, unverified: 400, revoked: 400 }),
  },
  // Single sign-on (decision 0027): public steps of the sign-in page; linking only ever one's own account.
  {
    name: 'GET /auth/sso/providers',
    request: (k, api) => api.get('/api/v1/auth/sso/providers'),
    expected: by(200, 200, 200, 200, 200, { anonymous: 200, unverified: 200, revoked: 200 }),
  },
  {
    name: 'GET /auth/sso/:provider/start (no such provider: the sign-in page)',
    request: (k, api) => api.get('/api/v1/auth/sso/nope/start'),
    expected: by(302, 302, 302, 302, 302, { anonymous: 302, unverified: 302, revoked: 302 }),
  },
  {
    name: 'POST /auth/sso/exchange (a ticket never issued)',
    request: (k, api) => api.post('/api/v1/auth/sso/exchange').send({ ticket: 'never-issued' }),
    expected: by(400, 400, 400, 400, 400, { anonymous: 400, unverified: 400, revoked: 400 }),
  },
  {
    name: "GET /auth/sso/link (the peer's waiting link: the cookie is the credential)",
    request: async (k, api) => api.get('/api/v1/auth/sso/link').set('Cookie', `ar_sso_link=${await peerLinkTicket()}`),
    expected: by(200, 200, 200, 200, 200, { anonymous: 200, unverified: 200, revoked: 200 }),
  },
  {
    name: "POST /auth/sso/link (the peer's waiting link)",
    request: async (k, api) => api.post('/api/v1/auth/sso/link').set('Cookie', `ar_sso_link=${await peerLinkTicket()}`),
    expected: by(403, 403, 403, 403, 403, { unverified: 403 }),
  },
  {
    name: 'DELETE /auth/sso/link',
    request: (k, api) => api.delete('/api/v1/auth/sso/link'),
    expected: by(200, 200, 200, 200, 200, { anonymous: 200, unverified: 200, revoked: 200 }),
  },
  { name: 'GET /users/me/sso', request: (k, api) => api.get('/api/v1/users/me/sso'), expected: by(200, 200, 200, 200, 200, { unverified: 200 }) },
  // Around every conversation: reactions, deleting, search, a page around a seq
  {
    name: 'GET /chat/conversations/:id/messages?around= (team-scoped)',
    request: (k, api) => api.get(`/api/v1/chat/conversations/${teamChat.id}/messages?around=${teamMessage.member.seq}`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'PUT /chat/messages/:id/reactions/:emoji (team-scoped)',
    request: (k, api) => api.put(`/api/v1/chat/messages/${otherTeamMessage(k).id}/reactions/${encodeURIComponent('👍')}`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'DELETE /chat/messages/:id/reactions/:emoji (team-scoped)',
    request: (k, api) => api.delete(`/api/v1/chat/messages/${otherTeamMessage(k).id}/reactions/${encodeURIComponent('👍')}`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'PUT /chat/messages/:id/reactions/:emoji (AI conversation)',
    request: (k, api) => api.put(`/api/v1/chat/messages/${chatOf(k).reply}/reactions/${encodeURIComponent('🎉')}`),
    expected: by(200, 200, 200, 404, 404),
  },
  // Pins (for everyone in the conversation) and saved messages (one's own), decision 0026: the one access rule
  { name: 'GET /chat/conversations/:id/pins (team-scoped)', request: (k, api) => api.get(`/api/v1/chat/conversations/${teamChat.id}/pins`), expected: by(404, 404, 200, 404, 404) },
  { name: 'GET /chat/conversations/:id/pins (#general)', request: (k, api) => api.get(`/api/v1/chat/conversations/${generalRoomId}/pins`), expected: by(200, 200, 200, 404, 404) },
  { name: 'GET /chat/conversations/:id/pins (private room)', request: (k, api) => api.get(`/api/v1/chat/conversations/${privateRoomId}/pins`), expected: by(404, 404, 200, 404, 404) },
  { name: 'PUT /chat/messages/:id/pin (team-scoped)', request: (k, api) => api.put(`/api/v1/chat/messages/${otherTeamMessage(k).id}/pin`), expected: by(404, 404, 200, 404, 404) },
  { name: 'DELETE /chat/messages/:id/pin (team-scoped)', request: (k, api) => api.delete(`/api/v1/chat/messages/${otherTeamMessage(k).id}/pin`), expected: by(404, 404, 200, 404, 404) },
  { name: 'PUT /chat/messages/:id/pin (AI conversation)', request: (k, api) => api.put(`/api/v1/chat/messages/${chatOf(k).reply}/pin`), expected: by(200, 200, 200, 404, 404) },
  { name: 'GET /users/me/saved', request: (k, api) => api.get('/api/v1/users/me/saved'), expected: by(200, 200, 200, 200, 200) },
  { name: 'PUT /chat/messages/:id/save (team-scoped)', request: (k, api) => api.put(`/api/v1/chat/messages/${otherTeamMessage(k).id}/save`), expected: by(404, 404, 200, 404, 404) },
  { name: 'DELETE /chat/messages/:id/save (team-scoped)', request: (k, api) => api.delete(`/api/v1/chat/messages/${otherTeamMessage(k).id}/save`), expected: by(404, 404, 200, 404, 404) },
  { name: 'PUT /chat/messages/:id/save (AI conversation)', request: (k, api) => api.put(`/api/v1/chat/messages/${chatOf(k).reply}/save`), expected: by(200, 200, 200, 404, 404) },
  {
    name: "DELETE /chat/messages/:id (someone else's message, team-scoped)",
    request: (k, api) => api.delete(`/api/v1/chat/messages/${otherTeamMessage(k).id}`),
    expected: by(404, 404, 403, 404, 404),
  },
  {
    name: 'DELETE /chat/messages/:id (own message, team-scoped)',
    request: async (k, api) => {
      // A fresh message of the member's own, so the rows above keep theirs.
      const own = k === 'member' ? await sendMessage(server, users.member, teamChat.id, 'to be deleted') : ownTeamMessage(k);
      return api.delete(`/api/v1/chat/messages/${own.id}`);
    },
    expected: by(404, 404, 200, 404, 404),
  },
  { name: 'GET /chat/search', request: (k, api) => api.get('/api/v1/chat/search?q=minutes'), expected: by(200, 200, 200, 200, 200) },
  // Team rooms: the team rule first (403 outside the team), then the room's (a private room is 404 outside it)
  { name: 'GET /teams/:handle/rooms', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/rooms`), expected: by(200, 200, 200, 403, 403) },
  {
    name: 'POST /teams/:handle/rooms',
    request: (k, api) => api.post(`/api/v1/teams/${team.handle}/rooms`).send({ name: `made-by-${k}` }),
    expected: by(201, 201, 201, 403, 403),
  },
  { name: 'GET /teams/:handle/rooms/:room (#general)', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/rooms/general`), expected: by(200, 200, 200, 403, 403) },
  {
    name: 'GET /teams/:handle/rooms/:room (private, of member and peer)',
    request: (k, api) => api.get(`/api/v1/teams/${team.handle}/rooms/members-only`),
    expected: by(404, 404, 200, 403, 403),
  },
  {
    name: 'PATCH /teams/:handle/rooms/:room (private, created by member)',
    request: (k, api) => api.patch(`/api/v1/teams/${team.handle}/rooms/members-only`).send({ topic: `set by ${k}` }),
    expected: by(404, 404, 200, 403, 403),
  },
  {
    name: 'PATCH /teams/:handle/rooms/:room (open, created by owner)',
    request: (k, api) => api.patch(`/api/v1/teams/${team.handle}/rooms/open-room`).send({ topic: `set by ${k}` }),
    expected: by(200, 200, 403, 403, 403),
  },
  { name: 'POST /teams/:handle/rooms/:room/join (open)', request: (k, api) => api.post(`/api/v1/teams/${team.handle}/rooms/open-room/join`), expected: by(200, 200, 200, 403, 403) },
  { name: 'POST /teams/:handle/rooms/:room/join (private)', request: (k, api) => api.post(`/api/v1/teams/${team.handle}/rooms/members-only/join`), expected: by(404, 404, 200, 403, 403) },
  {
    name: "POST /teams/:handle/rooms/:room/members (T's AI agent to the private room)",
    request: (k, api) => api.post(`/api/v1/teams/${team.handle}/rooms/members-only/members`).send({ agentId: ai.id }),
    expected: by(404, 404, 200, 403, 403),
  },
  {
    name: 'DELETE /teams/:handle/rooms/:room/members/:agentId (the AI agent, private room)',
    request: (k, api) => api.delete(`/api/v1/teams/${team.handle}/rooms/members-only/members/${ai.id}`),
    expected: by(404, 404, 200, 403, 403),
  },
  {
    name: 'DELETE /teams/:handle/rooms/:room/members/:agentId (a person, in an open room of the owner)',
    request: async (k, api) => {
      // The owner puts the peer back each time: only who removes them differs.
      await server.api().post(`/api/v1/teams/${team.handle}/rooms/people-room/members`).set(bearer(users.owner.token)).send({ agentId: users.peer.agentId });
      return api.delete(`/api/v1/teams/${team.handle}/rooms/people-room/members/${users.peer.agentId}`);
    },
    expected: by(200, 200, 403, 403, 403),
  },
  { name: 'DELETE /teams/:handle/rooms/:room/members/me (#general)', request: (k, api) => api.delete(`/api/v1/teams/${team.handle}/rooms/general/members/me`), expected: by(409, 409, 409, 403, 403) },
  { name: 'DELETE /teams/:handle/rooms/:room/members/me (open)', request: (k, api) => api.delete(`/api/v1/teams/${team.handle}/rooms/open-room/members/me`), expected: by(200, 200, 200, 403, 403) },
  // A room's conversation: the chat routes and the one access check
  { name: 'GET /chat/conversations/:id (#general)', request: (k, api) => api.get(`/api/v1/chat/conversations/${generalRoomId}`), expected: by(200, 200, 200, 404, 404) },
  { name: 'GET /chat/conversations/:id (private room)', request: (k, api) => api.get(`/api/v1/chat/conversations/${privateRoomId}`), expected: by(404, 404, 200, 404, 404) },
  {
    name: 'GET /chat/conversations/:id/messages (private room)',
    request: (k, api) => api.get(`/api/v1/chat/conversations/${privateRoomId}/messages`),
    expected: by(404, 404, 200, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/messages (#general)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${generalRoomId}/messages`).send({ content: `greetings from ${k}`, clientMessageId: randomUUID() }),
    expected: by(201, 201, 201, 404, 404),
  },
  {
    name: 'POST /chat/conversations/:id/messages (private room)',
    request: (k, api) => api.post(`/api/v1/chat/conversations/${privateRoomId}/messages`).send({ content: `secret from ${k}`, clientMessageId: randomUUID() }),
    expected: by(404, 404, 201, 404, 404),
  },
  // External agents of a team (owners and admins; decision 0025), and the agent-only routes a person's token may not call
  { name: 'GET /teams/:handle/external-agents', request: (k, api) => api.get(`/api/v1/teams/${team.handle}/external-agents`), expected: by(200, 200, 403, 403, 403) },
  {
    name: 'POST /teams/:handle/external-agents',
    request: (k, api) => api.post(`/api/v1/teams/${team.handle}/external-agents`).send({ username: `ext-${k}-${randomUUID().slice(0, 6)}`, firstName: 'Relay' }),
    expected: by(201, 201, 403, 403, 403),
  },
  {
    name: 'PATCH /teams/:handle/external-agents/:agent',
    request: async (k, api) => api.patch(`/api/v1/teams/${team.handle}/external-agents/${await teamExternalAgent()}`).send({ firstName: `Renamed by ${k}` }),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'DELETE /teams/:handle/external-agents/:agent',
    request: async (k, api) => api.delete(`/api/v1/teams/${team.handle}/external-agents/${await teamExternalAgent()}`),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'POST /teams/:handle/external-agents/:agent/token',
    request: async (k, api) => api.post(`/api/v1/teams/${team.handle}/external-agents/${await teamExternalAgent()}/token`),
    expected: by(200, 200, 403, 403, 403),
  },
  {
    name: 'DELETE /teams/:handle/external-agents/:agent/token',
    request: async (k, api) => api.delete(`/api/v1/teams/${team.handle}/external-agents/${await teamExternalAgent()}/token`),
    expected: by(200, 200, 403, 403, 403),
  },
  // Threads (decision 0026): a thread of the private room is its members', and lost with the room.
  { name: 'POST /chat/messages/:id/thread (private room)', request: (k, api) => api.post(`/api/v1/chat/messages/${privateRootId}/thread`), expected: by(404, 404, 200, 404, 404) },
  { name: 'GET /chat/threads', request: (k, api) => api.get('/api/v1/chat/threads'), expected: by(200, 200, 200, 200, 200) },
  {
    name: 'PUT /chat/conversations/:id/follow (private room thread)',
    request: (k, api) => api.put(`/api/v1/chat/conversations/${privateThreadId}/follow`).send({ following: true }),
    expected: by(404, 404, 200, 404, 404),
  },
  { name: 'GET /agent/me', request: (k, api) => api.get('/api/v1/agent/me'), expected: agentsOnly },
  { name: 'POST /agent/replies', request: (k, api) => api.post('/api/v1/agent/replies').send({ conversationId: generalRoomId }), expected: agentsOnly },
  { name: 'POST /agent/replies/:streamId/delta', request: (k, api) => api.post(`/api/v1/agent/replies/${randomUUID()}/delta`).send({ delta: 'hi' }), expected: agentsOnly },
  { name: 'POST /agent/replies/:streamId/finish', request: (k, api) => api.post(`/api/v1/agent/replies/${randomUUID()}/finish`).send({}), expected: agentsOnly },
  // Push devices (decision 0027): one's own only, unverified accounts included; another's id is unknown.
  { name: 'GET /users/me/push-devices', request: (k, api) => api.get('/api/v1/users/me/push-devices'), expected: by(200, 200, 200, 200, 200, { unverified: 200 }) },
  { name: 'POST /users/me/push-devices', request: (k, api) => api.post('/api/v1/users/me/push-devices').send(pushSubscription()), expected: by(201, 201, 201, 201, 201, { unverified: 201 }) },
  {
    name: "DELETE /users/me/push-devices/:id (the peer's device)",
    request: (k, api) => api.delete(`/api/v1/users/me/push-devices/${peerPushDeviceId}`),
    expected: by(404, 404, 404, 404, 404, { unverified: 404 }),
  },
  // Invitations addressed by email: each caller sees their own; only the addressee may use an id.
  { name: 'GET /invitations', request: (k, api) => api.get('/api/v1/invitations'), expected: by(200, 200, 200, 200, 200) },
  {
    name: "POST /invitations/:id/accept (addressed to the outsider's email)",
    request: (k, api) => api.post(`/api/v1/invitations/${outsiderInvitationId}/accept`),
    expected: by(404, 404, 404, 404, 200),
  },
  // The instance administrators' area (decision 0028): nobody here administers the instance (the first
  // account is the unverified one), so for every kind it does not exist; the targets are real people.
  ...(['/admin/people', '/admin/reports', '/admin/teams', '/admin/settings', '/admin/health', '/admin/audit'] as const).map(
    (path): Row => ({ name: `GET ${path}`, request: (k, api) => api.get(`/api/v1${path}`), expected: everyone(404) }),
  ),
  ...(['disable', 'enable'] as const).map(
    (action): Row => ({
      name: `POST /admin/people/:peer/${action}`,
      request: (k, api) => api.post(`/api/v1/admin/people/${users.peer.agentId}/${action}`).send({}),
      expected: everyone(404),
    }),
  ),
  {
    name: 'POST /admin/reports/:id/resolve',
    request: (k, api) => api.post(`/api/v1/admin/reports/${randomUUID()}/resolve`).send({ action: 'dismiss' }),
    expected: everyone(404),
  },
];

describe('access matrix: caller kind × route', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const wrong: string[] = [];
    for (const kind of KINDS) {
      const api = server.api();
      const token = tokenOf(kind);
      // Every request the row builds carries this caller's token (none for the anonymous caller).
      const authed = new Proxy(api, {
        get(target, method: string) {
          const make = Reflect.get(target, method) as (url: string) => Test;
          return (url: string) => {
            const test = make.call(target, url);
            return token ? test.set(bearer(token)) : test;
          };
        },
      });
      const res = await row.request(kind, authed);
      if (res.status !== row.expected[kind]) wrong.push(`${kind}: expected ${row.expected[kind]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists no thread a caller lost with their team in their Threads view', async () => {
    const threadsOf = async (user: TestUser) =>
      ((await server.api().get('/api/v1/chat/threads').set(bearer(user.token)).expect(200)).body.data.threads as { place: { threadConversationId: string } }[]).map(
        (t) => t.place.threadConversationId,
      );
    expect(await threadsOf(users.leaver)).toEqual([]);
    await server.api().put(`/api/v1/chat/conversations/${privateThreadId}/follow`).set(bearer(users.member.token)).send({ following: true }).expect(200);
    expect(await threadsOf(users.member)).toContain(privateThreadId);
  });

  it('lists no conversation a caller lost with their team, nor one with an AI agent of a team they are not in', async () => {
    const listed = async (name: Account) => {
      const res = await server.api().get('/api/v1/chat/conversations').set(bearer(users[name].token)).expect(200);
      return (res.body.data.conversations as TConversation[]).map((c) => c.id);
    };
    expect(await listed('member')).toEqual(expect.arrayContaining([teamChat.id, aiChat.member.conversationId]));
    const leaverSees = await listed('leaver');
    expect(leaverSees).not.toContain(teamChat.id);
    expect(leaverSees).not.toContain(aiChat.leaver.conversationId);
    expect(await listed('outsider')).not.toContain(aiChat.outsider.conversationId);
  });

  it('finds by search only messages of conversations the caller may still read', async () => {
    const hits = async (name: Account, q: string) => {
      const res = await server.api().get(`/api/v1/chat/search?q=${encodeURIComponent(q)}`).set(bearer(users[name].token)).expect(200);
      return (res.body.data.results as { messageId: string }[]).map((r) => r.messageId);
    };
    // The leaver wrote it, in the team-scoped conversation, then left the team.
    expect(await hits('member', 'thanks bye')).toEqual([teamMessage.leaver.id]);
    expect(await hits('leaver', 'thanks bye')).toEqual([]);
    expect(await hits('owner', 'thanks bye')).toEqual([]);
    // The outsider's conversation with T's AI agent, from before the rule.
    expect(await hits('outsider', 'system prompt')).toEqual([]);
    expect(await hits('member', 'hello there')).toHaveLength(1);
  });

  it('keeps the personality of T’s AI agent out of every answer to the leaver and the outsider', async () => {
    for (const name of ['leaver', 'outsider'] as const) {
      const answers = await Promise.all([
        server.api().get(`/api/v1/agents/${ai.username}`).set(bearer(users[name].token)),
        server.api().get('/api/v1/chat/conversations').set(bearer(users[name].token)),
        server.api().get(`/api/v1/chat/conversations/${aiChat[name].conversationId}`).set(bearer(users[name].token)),
      ]);
      for (const res of answers) expect(JSON.stringify(res.body)).not.toContain('The team secret is 42.');
    }
  });
});

describe('access matrix: external agent tokens on the external agents routes', () => {
  it("refuses an agent token on the managers' routes (403), and answers GET /agent/me for its own agent only", async () => {
    const mine = await seatExternal(server, users.owner, team.handle);
    const theirs = await seatExternal(server, users.outsider, managedTeam.outsider.handle);
    const agentId = await teamExternalAgent();
    const managerRows = [
      () => server.api().get(`/api/v1/teams/${team.handle}/external-agents`),
      () => server.api().post(`/api/v1/teams/${team.handle}/external-agents`).send({ username: `ext-${randomUUID().slice(0, 6)}`, firstName: 'X' }),
      () => server.api().patch(`/api/v1/teams/${team.handle}/external-agents/${agentId}`).send({ firstName: 'X' }),
      () => server.api().delete(`/api/v1/teams/${team.handle}/external-agents/${agentId}`),
      () => server.api().post(`/api/v1/teams/${team.handle}/external-agents/${agentId}/token`),
      () => server.api().delete(`/api/v1/teams/${team.handle}/external-agents/${agentId}/token`),
      () => server.api().get(`/api/v1/teams/${team.handle}/external-agents/${agentId}/deliveries`),
    ];
    const wrong: string[] = [];
    for (const [i, make] of managerRows.entries()) {
      for (const token of [mine.token, theirs.token]) {
        const res = await make().set(bearer(token));
        if (res.status !== 403) wrong.push(`manager row ${i}: expected 403, got ${res.status}`);
      }
      if ((await make()).status !== 401) wrong.push(`manager row ${i} without a token: not 401`);
    }
    const self = await server.api().get('/api/v1/agent/me').set(bearer(mine.token));
    expect(self.body.data?.agent?.id).toBe(mine.agent.id);
    const other = await server.api().get('/api/v1/agent/me').set(bearer(theirs.token));
    expect(other.body.data?.team?.id).toBe(managedTeam.outsider.id);
    expect((await server.api().get('/api/v1/agent/me')).status).toBe(401);
    expect(wrong).toEqual([]);
  });

  it("answers webhook deliveries to the team's managers only (no token 401; an unverified person, a member, an outsider 403)", async () => {
    const agentId = await teamExternalAgent();
    const url = `/api/v1/teams/${team.handle}/external-agents/${agentId}/deliveries`;
    expect((await server.api().get(url)).status).toBe(401);
    expect((await server.api().get(url).set(bearer(users.unverified.token))).status).toBe(403);
    expect((await server.api().get(url).set(bearer(users.member.token))).status).toBe(403);
    expect((await server.api().get(url).set(bearer(users.outsider.token))).status).toBe(403);
    expect((await server.api().get(url).set(bearer(users.owner.token))).status).toBe(200);
  });

  it("keeps another team's agent out of T's conversations in its streamed replies", async () => {
    const theirs = await seatExternal(server, users.outsider, managedTeam.outsider.handle);
    const start = await server.api().post('/api/v1/agent/replies').set(bearer(theirs.token)).send({ conversationId: generalRoomId });
    expect((await server.api().post('/api/v1/agent/replies').send({ conversationId: generalRoomId })).status).toBe(401);
    expect(start.status).toBe(404);
    for (const step of ['delta', 'finish'] as const) {
      const body = step === 'delta' ? { delta: 'hi' } : {};
      expect((await server.api().post(`/api/v1/agent/replies/${randomUUID()}/${step}`).send(body)).status).toBe(401);
      const res = await server.api().post(`/api/v1/agent/replies/${randomUUID()}/${step}`).set(bearer(theirs.token)).send(body);
      expect(res.status).toBe(404);
    }
  });
});

describe('a member who leaves, over the socket and at once', () => {
  it('can no longer join the team-scoped room, type or write there, nor hear what is said there', async () => {
    const stayer = users.peer;
    const goner = await signUpVerified(server, 'goner');
    await addMember(server, users.owner, team.handle, goner.username);
    const chat = await startConversation(server, goner, { agentId: stayer.agentId }, {
      conversationType: 'team-scoped',
      isTeamScoped: true,
      teamHandle: team.handle,
    });
    const gonerSocket = await connectSocket(server.url, goner.token);
    const stayerSocket = await connectSocket(server.url, stayer.token);
    expect(await joinConversation(gonerSocket, chat.id)).toMatchObject({ ok: true });
    expect(await joinConversation(stayerSocket, chat.id)).toMatchObject({ ok: true });
    const typing = { conversationId: chat.id, isTyping: true };
    expect(await emitWithAck(gonerSocket, 'conversation:participant:typing', typing)).toMatchObject({ ok: true });
    // The send path now remembers this conversation's participants (for 30 s).
    await sendMessage(server, goner, chat.id, 'see you');

    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(goner.token)).expect(200);

    const write = await server
      .api()
      .post(`/api/v1/chat/conversations/${chat.id}/messages`)
      .set(bearer(goner.token))
      .send({ content: 'one more thing', clientMessageId: randomUUID() });
    expect(write.status).toBe(404);
    const heard = recordEvents(gonerSocket, 'message:received');
    const notified = recordEvents(gonerSocket, 'conversation:message');
    const typingSeen = recordEvents(stayerSocket, 'conversation:participant:typing');
    expect(await emitWithAck(gonerSocket, 'conversation:participant:typing', typing)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await joinConversation(gonerSocket, chat.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    const arrived = nextEvent(stayerSocket, 'message:received', (m) => m.content === 'after you left');
    await sendMessage(server, stayer, chat.id, 'after you left');
    await arrived;
    // An ack on the goner's socket comes after anything the server sent it before: nothing arrived.
    expect(await emitWithAck(gonerSocket, 'room:leave', { roomId: `conversation:${chat.id}` })).toMatchObject({ ok: true });
    expect(heard).toEqual([]);
    expect(notified).toEqual([]);
    // The stayer got the later message, so an earlier relayed typing event would have come first.
    expect(typingSeen).toEqual([]);
  });
});
