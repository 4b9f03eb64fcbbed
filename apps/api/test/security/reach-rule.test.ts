import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REACH_ERRORS, type TAgent, type TConversation, type TTeam } from '@agentroom/shared';
import { abuseReports, teams } from '../../src/db/schema';
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
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';

/**
 * The reach rule (decision 0022), through HTTP and the socket on a real database: a stranger (no
 * team shared, never met), a former team-mate (left the team after a 1:1) and a blocked person.
 *   T: alice (owner), bob, carol, dave (+ former, who left after a 1:1 with alice).
 *   U: former and mia (so someone still hears former's presence: the marker of the negative test).
 *   Carol wrote to alice, then alice blocked carol. Dave blocked alice (they never talked).
 */
const ADMINS = ['first-admin@agentroom.test', 'second-admin@agentroom.test'];

let server: TestServer;
let alice: TestUser, bob: TestUser, carol: TestUser, dave: TestUser, former: TestUser, mia: TestUser, stranger: TestUser;
let team: TTeam;
let formerChat: TConversation;
let carolChat: TConversation;
let bobChat: TConversation;
let formerMessageId: string;

const api = () => server.api();
const getAgent = (viewer: TestUser, username: string) => api().get(`/api/v1/agents/${username}`).set(bearer(viewer.token));
const openChat = (viewer: TestUser, username: string) => api().post('/api/v1/chat/open').set(bearer(viewer.token)).send({ username });
const send = (from: TestUser, conversationId: string) =>
  api().post(`/api/v1/chat/conversations/${conversationId}/messages`).set(bearer(from.token)).send({ content: 'Hi again', clientMessageId: randomUUID() });
const block = (blocker: TestUser, agentId: string) => api().put(`/api/v1/users/me/blocks/${agentId}`).set(bearer(blocker.token));
const unblock = (blocker: TestUser, agentId: string) => api().delete(`/api/v1/users/me/blocks/${agentId}`).set(bearer(blocker.token));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMINS.join(', ') });
  const people = await Promise.all(['alice', 'bob', 'carol', 'dave', 'former', 'mia', 'stranger'].map((name) => signUpVerified(server, name)));
  [alice, bob, carol, dave, former, mia, stranger] = people as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  team = await createTeam(server, alice);
  for (const person of [bob, carol, dave, former]) await addMember(server, alice, team.handle, person.username);
  const other = await createTeam(server, former);
  await addMember(server, former, other.handle, mia.username);

  formerChat = await startConversation(server, alice, former);
  formerMessageId = (await sendMessage(server, former, formerChat.id, 'Hello from before I left')).id;
  await api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(former.token)).expect(200);

  carolChat = await startConversation(server, carol, alice);
  await sendMessage(server, carol, carolChat.id, 'Carol was here');
  await block(alice, carol.agentId).expect(200);
  await block(dave, alice.agentId).expect(200);
  bobChat = await startConversation(server, alice, bob);
}, 60_000);

afterEach(() => closeSockets());
afterAll(async () => server?.stop());

describe('who may see whom: GET /agents/:agent and POST /chat/open', () => {
  it('answers a stranger exactly like an unknown agent (404, no existence leak)', async () => {
    const [known, unknown] = await Promise.all([getAgent(alice, stranger.username), getAgent(alice, `nobody${randomUUID().slice(0, 8)}`)]);
    expect(known.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect({ ...known.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
    expect((await openChat(alice, stranger.username)).status).toBe(404);
    expect((await api().post(`/api/v1/chat/conversations/${stranger.agentId}/start`).set(bearer(alice.token)).send({})).status).toBe(404);
    expect((await getAgent(stranger, alice.username)).status).toBe(404);
  });

  it('shows a team-mate, and a former team-mate only through the 1:1 they share, read-only', async () => {
    expect((await getAgent(alice, bob.username)).status).toBe(200);
    const formerCard = await getAgent(alice, former.username);
    expect(formerCard.status).toBe(200);

    const opened = await openChat(alice, former.username);
    expect(opened.status).toBe(200);
    expect(opened.body.data.conversation.id).toBe(formerChat.id);
    expect(opened.body.data.conversation.readOnly).toBe('out-of-reach');
    expect(opened.body.data.page.messages.map((m: { content: string }) => m.content)).toContain('Hello from before I left');
    expect((await openChat(former, alice.username)).body.data.conversation.readOnly).toBe('out-of-reach');
    // A team-mate the former never talked to is out of reach and unknown.
    expect((await getAgent(former, bob.username)).status).toBe(404);
    expect((await openChat(alice, bob.username)).body.data.conversation.readOnly).toBeNull();
  });

  it('counts a deleted team as shared by no one', async () => {
    const [gina, hank] = await Promise.all([signUpVerified(server, 'gina'), signUpVerified(server, 'hank')]);
    const gone = await createTeam(server, gina);
    await addMember(server, gina, gone.handle, hank.username);
    expect((await getAgent(hank, gina.username)).status).toBe(200);
    await server.ctx.db.update(teams).set({ deletedAt: new Date(), deletedBy: gina.agentId }).where(eq(teams.id, gone.id));
    expect((await getAgent(hank, gina.username)).status).toBe(404);
    expect((await openChat(hank, gina.username)).status).toBe(404);
  });

  it('lets a blocked person see the blocker but never start a conversation with them', async () => {
    expect((await openChat(carol, alice.username)).body.data.conversation.readOnly).toBe('blocked-you');
    expect((await openChat(alice, carol.username)).body.data.conversation.readOnly).toBe('blocked');
    const started = await api().post(`/api/v1/chat/conversations/${dave.agentId}/start`).set(bearer(alice.token)).send({});
    expect(started.status).toBe(403);
    expect(started.body.error).toBe(REACH_ERRORS.blockedYou);
    expect((await openChat(alice, dave.username)).status).toBe(403);
  });
});

describe('sending into a read-only 1:1', () => {
  it('refuses over HTTP with the reason in the envelope, both ways', async () => {
    for (const [from, chat, error] of [
      [alice, formerChat, REACH_ERRORS.outOfReach],
      [former, formerChat, REACH_ERRORS.outOfReach],
      [carol, carolChat, REACH_ERRORS.blockedYou],
      [alice, carolChat, REACH_ERRORS.blocked],
    ] as const) {
      const res = await send(from, chat.id);
      expect(res.status, `${from.username} in ${chat.id}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', error });
    }
    expect((await send(alice, bobChat.id)).status).toBe(201);
  });

  it('refuses message:send over the socket the same way', async () => {
    const socket = await connectSocket(server.url, former.token);
    const ack = await emitWithAck(socket, 'message:send', { conversationId: formerChat.id, content: 'Sneaky', clientMessageId: randomUUID() });
    expect(ack).toEqual({ ok: false, code: 'FORBIDDEN', error: REACH_ERRORS.outOfReach });
    const carolSocket = await connectSocket(server.url, carol.token);
    const carolAck = await emitWithAck(carolSocket, 'message:send', { conversationId: carolChat.id, content: 'Hello?', clientMessageId: randomUUID() });
    expect(carolAck).toEqual({ ok: false, code: 'FORBIDDEN', error: REACH_ERRORS.blockedYou });
  });

  it('relays no typing in a read-only 1:1, while a shared one still does', async () => {
    const [aliceSocket, carolSocket, bobSocket] = await Promise.all([
      connectSocket(server.url, alice.token),
      connectSocket(server.url, carol.token),
      connectSocket(server.url, bob.token),
    ]);
    for (const [socket, chat] of [
      [aliceSocket, carolChat],
      [aliceSocket, bobChat],
      [carolSocket, carolChat],
      [bobSocket, bobChat],
    ] as const)
      expect(await joinConversation(socket, chat.id)).toEqual({ ok: true });
    const typing = recordEvents(aliceSocket, 'conversation:participant:typing');
    expect(await emitWithAck(carolSocket, 'conversation:participant:typing', { conversationId: carolChat.id, isTyping: true })).toEqual({ ok: true });
    // The marker: bob's typing goes out after carol's was handled, so carol's would have come first.
    const marker = nextEvent(aliceSocket, 'conversation:participant:typing', (e) => e.agentId === bob.agentId);
    await emitWithAck(bobSocket, 'conversation:participant:typing', { conversationId: bobChat.id, isTyping: true });
    await marker;
    expect(typing.map((e) => e.agentId)).toEqual([bob.agentId]);
  });
});

describe('presence only to people in reach', () => {
  it('tells team-mates, never a former team-mate nor a blocked person', async () => {
    // Carol first, so she would hear alice come online if the block let her.
    const [carolSocket, miaSocket] = await Promise.all([connectSocket(server.url, carol.token), connectSocket(server.url, mia.token)]);
    const heardByCarol = recordEvents(carolSocket, 'presence:changed');
    const aliceSocket = await connectSocket(server.url, alice.token);
    const heardByAlice = recordEvents(aliceSocket, 'presence:changed');
    // Former comes online: mia (their team-mate now) hears it, alice (a former team-mate) does not.
    const miaHears = nextEvent(miaSocket, 'presence:changed', (e) => e.agentId === former.agentId && e.isOnline);
    await connectSocket(server.url, former.token);
    await miaHears;
    // Marker for alice and carol: bob, a team-mate of both, comes online after.
    const aliceMarker = nextEvent(aliceSocket, 'presence:changed', (e) => e.agentId === bob.agentId);
    const carolMarker = nextEvent(carolSocket, 'presence:changed', (e) => e.agentId === bob.agentId);
    const bobSocket = await connectSocket(server.url, bob.token);
    await Promise.all([aliceMarker, carolMarker]);
    expect(heardByAlice.map((e) => e.agentId)).not.toContain(former.agentId);
    // Alice blocked carol: carol heard nothing of alice coming online.
    expect(heardByCarol.map((e) => e.agentId)).not.toContain(alice.agentId);

    const cards = async (viewer: TestUser) => {
      const res = await api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(viewer.token)).expect(200);
      return new Map((res.body.data.agents as TAgent[]).map((a) => [a.id, a.isOnline]));
    };
    expect((await cards(bob)).get(alice.agentId)).toBe(true);
    expect((await cards(carol)).get(alice.agentId)).toBeNull();
    expect((await getAgent(carol, alice.username)).body.data.agent.isOnline).toBeNull();
    // The former team-mate's card and the 1:1 show no presence either.
    expect((await getAgent(alice, former.username)).body.data.agent.isOnline).toBeNull();
    expect((await openChat(alice, former.username)).body.data.conversation.otherAgent.isOnline).toBeNull();
    expect((await getAgent(alice, bob.username)).body.data.agent.isOnline).toBe(true);
    bobSocket.disconnect();
  });

  it('hides only the blocker: alice still sees whether carol, whom she blocked, is online', async () => {
    await connectSocket(server.url, carol.token);
    expect((await getAgent(alice, carol.username)).body.data.agent.isOnline).toBe(true);
  });
});

describe('blocks: PUT, DELETE and GET /users/me/blocks', () => {
  it('lists the blocked, refuses oneself, AI agents and strangers, and unblocks at any time', async () => {
    const listed = await api().get('/api/v1/users/me/blocks').set(bearer(alice.token)).expect(200);
    expect(listed.body.data.blocked.map((a: TAgent) => a.id)).toEqual([carol.agentId]);
    expect((await block(alice, alice.agentId)).status).toBe(400);
    expect((await block(alice, stranger.agentId)).status).toBe(404);
    const ai = await createAiAgent(server, alice, team.handle);
    expect((await block(alice, ai.id)).status).toBe(400);
    expect((await block(alice, 'not-an-id')).status).toBe(400);

    const newTeamMate = await signUpVerified(server, 'erin');
    await addMember(server, alice, team.handle, newTeamMate.username);
    await block(alice, newTeamMate.agentId).expect(200);
    await block(alice, newTeamMate.agentId).expect(200);
    await unblock(alice, newTeamMate.agentId).expect(200);

    await unblock(alice, carol.agentId).expect(200);
    expect((await api().get('/api/v1/users/me/blocks').set(bearer(alice.token))).body.data.blocked).toEqual([]);
    expect((await send(carol, carolChat.id)).status).toBe(201);
    expect((await openChat(alice, carol.username)).body.data.conversation.readOnly).toBeNull();
    await block(alice, carol.agentId).expect(200);
  });
});

describe('reports: POST /reports', () => {
  it('stores a reported message with its text and mails every administrator', async () => {
    const res = await api()
      .post('/api/v1/reports')
      .set(bearer(alice.token))
      .send({ messageId: formerMessageId, reason: 'harassment', details: 'Kept writing after I asked them to stop' });
    expect(res.status).toBe(201);
    const [row] = await server.ctx.db.select().from(abuseReports).where(eq(abuseReports.id, res.body.data.report.id));
    expect(row).toMatchObject({
      reporterAgentId: alice.agentId,
      subjectAgentId: former.agentId,
      messageId: formerMessageId,
      messageExcerpt: 'Hello from before I left',
      reason: 'harassment',
      details: 'Kept writing after I asked them to stop',
    });
    for (const admin of ADMINS) {
      const mail = await server.mail.nextMail(admin);
      expect(mail.subject).toContain(`@${former.username}`);
      expect(mail.text).toContain('Reason: Harassment');
      expect(mail.text).toContain('Hello from before I left');
      expect(mail.text).toContain(`@${alice.username}`);
    }
  });

  it('reports a person the reporter can see, and nothing the reporter cannot', async () => {
    const person = await api().post('/api/v1/reports').set(bearer(alice.token)).send({ agentId: carol.agentId, reason: 'spam' });
    expect(person.status).toBe(201);
    const [row] = await server.ctx.db.select().from(abuseReports).where(eq(abuseReports.id, person.body.data.report.id));
    expect(row).toMatchObject({ subjectAgentId: carol.agentId, messageId: null, messageExcerpt: null, reason: 'spam', details: '' });
    expect((await server.mail.nextMail(ADMINS[0]!)).text).toContain('Reason: Spam');

    expect((await api().post('/api/v1/reports').set(bearer(alice.token)).send({ agentId: stranger.agentId, reason: 'spam' })).status).toBe(404);
    // A message of a conversation the reporter is not in.
    expect((await api().post('/api/v1/reports').set(bearer(stranger.token)).send({ messageId: formerMessageId, reason: 'other' })).status).toBe(404);
    expect((await api().post('/api/v1/reports').set(bearer(alice.token)).send({ reason: 'other' })).status).toBe(400);
    expect((await api().post('/api/v1/reports').set(bearer(alice.token)).send({ agentId: carol.agentId, reason: 'rude' })).status).toBe(400);
  });
});
