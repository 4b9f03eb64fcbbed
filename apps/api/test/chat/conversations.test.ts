import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, TEAM_ERRORS } from '@agentroom/shared';
import { agents } from '../../src/db/schema';
import { signUpVerified, uniqueUser, startTestServer, type TestServer } from '../support/test-server';
import { auth, createTeam, sendMessage, startConversation, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy')]);
});
afterAll(async () => {
  await server?.stop();
});

const start = (from: User, agentId: string, body: object = {}) =>
  server.api().post(`/api/v1/chat/conversations/${agentId}/start`).set(auth(from)).send(body);

describe('POST /chat/conversations/:agentId/start', () => {
  it('creates a personal conversation once and returns it with participants and the other agent', async () => {
    const first = await startConversation(server, ada, bob);
    expect(first).toMatchObject({
      conversationType: 'personal',
      isTeamScoped: false,
      team: null,
      otherAgent: { id: bob.agentId, username: bob.username },
      lastMessage: null,
      unreadCount: 0,
      lastSeq: 0,
    });
    expect(first.participants.map((p) => p.agentId).sort()).toEqual([ada.agentId, bob.agentId].sort());
    const again = await startConversation(server, bob, ada);
    expect(again.id).toBe(first.id);
    expect(again.otherAgent?.id).toBe(ada.agentId);
  });

  it('creates exactly one conversation when many starts race', async () => {
    const [x, y] = await Promise.all([signUpVerified(server, 'racex'), signUpVerified(server, 'racey')]);
    await createTeam(server, [x.agentId, y.agentId]);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? start(x, y.agentId) : start(y, x.agentId)).expect(200)),
    );
    expect(new Set(results.map((r) => r.body.data.conversation.id)).size).toBe(1);
    // The sidebar lists a conversation once it has a message.
    await sendMessage(server, y, results[0]!.body.data.conversation.id, 'hi');
    const list = await server.api().get('/api/v1/chat/conversations').set(auth(x)).expect(200);
    expect(list.body.data.conversations.filter((c: { otherAgent: { id: string } }) => c.otherAgent.id === y.agentId)).toHaveLength(1);
  });

  it('team-scoped: needs both agents to be active members of the team', async () => {
    const team = await createTeam(server, [ada.agentId, bob.agentId]);
    // Cy shares another team with Ada (in reach, decision 0022), not this one.
    await createTeam(server, [ada.agentId, cy.agentId]);
    const scoped = await start(ada, bob.agentId, { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: team.handle }).expect(200);
    expect(scoped.body.data.conversation).toMatchObject({
      conversationType: 'team-scoped',
      isTeamScoped: true,
      team: { id: team.id, handle: team.handle },
    });
    const personal = await startConversation(server, ada, bob);
    expect(personal.id).not.toBe(scoped.body.data.conversation.id);

    const targetOutside = await start(ada, cy.agentId, { isTeamScoped: true, teamHandle: team.handle }).expect(403);
    expect(targetOutside.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: CHAT_ERRORS.targetNotMember });
    const callerOutside = await start(cy, ada.agentId, { isTeamScoped: true, teamHandle: team.handle }).expect(403);
    expect(callerOutside.body.error).toBe(TEAM_ERRORS.accessDenied);
    const noTeam = await start(ada, bob.agentId, { isTeamScoped: true, teamHandle: 'no-such-team' }).expect(404);
    expect(noTeam.body.error).toBe(TEAM_ERRORS.notFound);
  });

  it('refuses bad input with 400/404, never 500', async () => {
    expect((await start(ada, bob.agentId, { isTeamScoped: true }).expect(400)).body.error).toBe(CHAT_ERRORS.teamHandleRequired);
    expect((await start(ada, bob.agentId, { conversationType: 'personal', isTeamScoped: true, teamHandle: 'x' }).expect(400)).body.code).toBe(
      'VALIDATION_ERROR',
    );
    await start(ada, bob.agentId, { conversationType: 'group' }).expect(400);
    expect((await start(ada, 'not-a-uuid').expect(404)).body.error).toBe(CHAT_ERRORS.agentNotFound);
    await start(ada, randomUUID()).expect(404);
    expect((await start(ada, ada.agentId).expect(400)).body.error).toBe(CHAT_ERRORS.selfConversation);
    await server.api().post(`/api/v1/chat/conversations/${bob.agentId}/start`).set(auth(ada)).set('Content-Type', 'application/json').send('{bad').expect(400);
  });

  it('works with an AI agent (no account) of the caller’s team as the other side', async () => {
    const team = await createTeam(server, [ada.agentId]);
    const [nova] = await server.ctx.db
      .insert(agents)
      .values({ username: `nova${Date.now()}`, firstName: 'Nova', isHuman: false, ownerTeamId: team.id })
      .returning();
    const conversation = await startConversation(server, ada, { agentId: nova!.id });
    // Same presence as the team cards: an AI agent is online while its model answers (none in tests).
    expect(conversation.otherAgent).toMatchObject({ id: nova!.id, isHuman: false, isOnline: false });
  });

  it('needs a verified, signed-in user', async () => {
    await server.api().post(`/api/v1/chat/conversations/${bob.agentId}/start`).send({}).expect(401);
    const input = uniqueUser('unverified');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
    const res = await server.api().get('/api/v1/chat/conversations').set({ Authorization: `Bearer ${login.body.data.token}` }).expect(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('GET /chat/conversations and /chat/conversations/:id', () => {
  it('counts as unread what others sent after my read cursor: a deleted one still, my own never, reading clears it', async () => {
    const me = await signUpVerified(server, 'counter');
    const other = await signUpVerified(server, 'other');
    const conversation = await startConversation(server, me, other);
    const unreadOf = async () => {
      const res = await server.api().get(`/api/v1/chat/conversations/${conversation.id}`).set(auth(me)).expect(200);
      const listed = await server.api().get('/api/v1/chat/conversations').set(auth(me)).expect(200);
      const row = listed.body.data.conversations.find((c: { id: string }) => c.id === conversation.id);
      expect(row.unreadCount).toBe(res.body.data.conversation.unreadCount);
      return row.unreadCount as number;
    };
    const first = await sendMessage(server, other, conversation.id, 'one');
    const second = await sendMessage(server, other, conversation.id, 'two');
    expect(await unreadOf()).toBe(2);
    // Deleted before I looked: it arrived (and the app counted it live), so it still counts.
    await server.api().delete(`/api/v1/chat/messages/${second.id}`).set(auth(other)).expect(200);
    expect(await unreadOf()).toBe(2);
    // My reply moves my own cursor past everything before it.
    await sendMessage(server, me, conversation.id, 'mine');
    expect(await unreadOf()).toBe(0);
    const three = await sendMessage(server, other, conversation.id, 'three');
    expect(await unreadOf()).toBe(1);
    // The listed last message carries its reactions, as the chat shows them.
    await server.api().put(`/api/v1/chat/messages/${three.id}/reactions/${encodeURIComponent('👍')}`).set(auth(me)).expect(200);
    const listed = await server.api().get('/api/v1/chat/conversations').set(auth(me)).expect(200);
    expect(listed.body.data.conversations.find((c: { id: string }) => c.id === conversation.id).lastMessage).toMatchObject({
      id: three.id,
      reactions: [{ emoji: '👍', count: 1, agents: [{ id: me.agentId }] }],
    });
    // Marking an older message read moves nothing back.
    const read = await server.api().put(`/api/v1/chat/conversations/${conversation.id}/read`).set(auth(me)).send({ lastReadMessageId: first.id }).expect(200);
    expect(read.body.data.cursor).toMatchObject({ unreadCount: 1 });
    // Sending 'three' moved the other side's cursor past my reply: nothing waits for them.
    const theirs = await server.api().get(`/api/v1/chat/conversations/${conversation.id}`).set(auth(other)).expect(200);
    expect(theirs.body.data.conversation.unreadCount).toBe(0);
  });

  it('lists the caller’s conversations, newest activity first, with last message and unread count', async () => {
    const me = await signUpVerified(server, 'lister');
    const [p1, p2, p3] = await Promise.all([signUpVerified(server, 'p1'), signUpVerified(server, 'p2'), signUpVerified(server, 'p3')]);
    const c1 = await startConversation(server, me, p1);
    const c2 = await startConversation(server, me, p2);
    const c3 = await startConversation(server, me, p3);
    // An empty conversation is no row of the list: p3 writes first, so c3 is the oldest.
    await sendMessage(server, p3, c3.id, 'hello from p3');
    await sendMessage(server, p1, c1.id, 'one from p1');
    await sendMessage(server, p1, c1.id, 'two from p1');
    await sendMessage(server, me, c2.id, 'mine to p2');

    const res = await server.api().get('/api/v1/chat/conversations').set(auth(me)).expect(200);
    const ids = res.body.data.conversations.map((c: { id: string }) => c.id);
    expect(ids).toEqual([c2.id, c1.id, c3.id]);
    const [first, second, third] = res.body.data.conversations;
    expect(first).toMatchObject({ unreadCount: 0, lastMessage: { content: 'mine to p2' }, otherAgent: { id: p2.agentId } });
    expect(second).toMatchObject({ unreadCount: 2, lastMessage: { content: 'two from p1', seq: 2 } });
    expect(third).toMatchObject({ unreadCount: 1, lastMessage: { content: 'hello from p3' } });
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 20, hasMore: false });

    const paged = await server.api().get('/api/v1/chat/conversations?page=2&limit=2').set(auth(me)).expect(200);
    expect(paged.body.data.conversations.map((c: { id: string }) => c.id)).toEqual([c3.id]);
    const firstPage = await server.api().get('/api/v1/chat/conversations?page=1&limit=2').set(auth(me)).expect(200);
    expect(firstPage.body.data.pagination.hasMore).toBe(true);
    await server.api().get('/api/v1/chat/conversations?page=0').set(auth(me)).expect(400);
    await server.api().get('/api/v1/chat/conversations?limit=abc').set(auth(me)).expect(400);
  });

  it('answers details to participants and the same 404 to anyone else', async () => {
    const conversation = await startConversation(server, ada, bob);
    const details = await server.api().get(`/api/v1/chat/conversations/${conversation.id}`).set(auth(bob)).expect(200);
    expect(details.body.data.conversation).toMatchObject({ id: conversation.id, otherAgent: { id: ada.agentId } });

    const stranger = await server.api().get(`/api/v1/chat/conversations/${conversation.id}`).set(auth(cy)).expect(404);
    const unknown = await server.api().get(`/api/v1/chat/conversations/${randomUUID()}`).set(auth(cy)).expect(404);
    // Alike but for the request id each answer carries.
    const { requestId: _strangerRequest, ...strangerBody } = stranger.body;
    const { requestId: _unknownRequest, ...unknownBody } = unknown.body;
    expect(strangerBody).toEqual(unknownBody);
    expect(strangerBody).toEqual({ success: false, error: CHAT_ERRORS.conversationNotFound, code: 'NOT_FOUND' });
    await server.api().get('/api/v1/chat/conversations/not-an-id').set(auth(ada)).expect(404);
    await server.api().get(`/api/v1/chat/conversations/${conversation.id}/messages`).set(auth(cy)).expect(404);
  });
});
