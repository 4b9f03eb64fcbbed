import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage, TConversation, TTeam } from '@agentroom/shared';
import { closeSockets, connectSocket, emitWithAck, joinConversation, nextEvent, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { seatExternal } from './external-fixtures';

/**
 * What an external agent reaches with its token: the chat routes marked `agents: true`, in its own
 * conversations only (a 1:1 a person started with it, a room it was added to), and nothing of people's accounts.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let team: TTeam;
let otherTeam: TTeam;
let ext: Awaited<ReturnType<typeof seatExternal>>;
let theirs: Awaited<ReturnType<typeof seatExternal>>;
let oneToOne: TConversation;
let roomConversationId: string;
let hiddenRoomConversationId: string;
let strangersChat: TConversation;

const as = (token: string) => bearer(token);

async function agentSends(conversationId: string, content: string, token = ext.token) {
  const res = await server.api().post(`/api/v1/chat/conversations/${conversationId}/messages`).set(as(token)).send({ content, clientMessageId: randomUUID() });
  return res;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, stranger] = (await Promise.all(['owner', 'member', 'stranger'].map((n) => signUpVerified(server, n)))) as [TestUser, TestUser, TestUser];
  team = await createTeam(server, owner);
  await addMember(server, owner, team.handle, member.username);
  ext = await seatExternal(server, owner, team.handle, { firstName: 'Relay' });
  otherTeam = await createTeam(server, stranger);
  theirs = await seatExternal(server, stranger, otherTeam.handle, { firstName: 'Foreign' });

  // A person starts a 1:1 with the agent.
  oneToOne = await startConversation(server, member, { agentId: ext.agent.id });
  await sendMessage(server, member, oneToOne.id, 'hello relay');
  // A room the agent was added to, and one it was not.
  const rooms = `/api/v1/teams/${team.handle}/rooms`;
  const room = await server.api().post(rooms).set(as(member.token)).send({ name: 'ops', memberIds: [owner.agentId] }).expect(201);
  roomConversationId = room.body.data.room.id;
  const added = await server.api().post(`${rooms}/ops/members`).set(as(member.token)).send({ agentId: ext.agent.id });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const hidden = await server.api().post(rooms).set(as(member.token)).send({ name: 'secret', isPrivate: true, memberIds: [owner.agentId] }).expect(201);
  hiddenRoomConversationId = hidden.body.data.room.id;
  await sendMessage(server, member, hiddenRoomConversationId, 'not for agents');
  // Another team's people talk among themselves.
  strangersChat = await startConversation(server, stranger, { agentId: theirs.agent.id });
  await sendMessage(server, stranger, strangersChat.id, 'private to the other team');
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('an external agent in its own conversations', () => {
  it('knows who it is', async () => {
    const res = await server.api().get('/api/v1/agent/me').set(as(ext.token)).expect(200);
    expect(res.body.data).toMatchObject({
      agent: { id: ext.agent.id, isExternal: true, isHuman: false },
      team: { id: team.id, handle: team.handle, name: team.name },
      listensTo: 'mentions',
    });
  });

  it('lists its 1:1 and its room, and none it is not in', async () => {
    const res = await server.api().get('/api/v1/chat/conversations').set(as(ext.token)).expect(200);
    const ids = (res.body.data.conversations as TConversation[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([oneToOne.id, roomConversationId]));
    expect(ids).not.toContain(hiddenRoomConversationId);
    expect(ids).not.toContain(strangersChat.id);
    // The person sees the agent as external in the conversation.
    const mine = await server.api().get(`/api/v1/chat/conversations/${oneToOne.id}`).set(as(member.token)).expect(200);
    expect(JSON.stringify(mine.body.data)).toContain('"isExternal":true');
    // And among the room's members.
    const room = await server.api().get(`/api/v1/teams/${team.handle}/rooms/ops`).set(as(member.token)).expect(200);
    const participants = room.body.data.conversation.participants as { agentId: string; agent: { isExternal?: boolean } }[];
    expect(participants.find((p) => p.agentId === ext.agent.id)?.agent).toMatchObject({ isExternal: true });
  });

  it('reads, sends, edits, deletes its own message, reacts and marks seen in a 1:1', async () => {
    const read = await server.api().get(`/api/v1/chat/conversations/${oneToOne.id}/messages`).set(as(ext.token)).expect(200);
    const hello = (read.body.data.messages as TChatMessage[]).find((m) => m.content === 'hello relay')!;
    expect(hello).toBeDefined();

    const sent = await agentSends(oneToOne.id, 'hi, how can I help?');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const message = sent.body.data.participantMessage as TChatMessage;
    const edited = await server.api().patch(`/api/v1/chat/messages/${message.id}`).set(as(ext.token)).send({ content: 'hi! how can I help?' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.message.content).toBe('hi! how can I help?');

    const reacted = await server.api().put(`/api/v1/chat/messages/${hello.id}/reactions/${encodeURIComponent('👍')}`).set(as(ext.token));
    expect(reacted.status, JSON.stringify(reacted.body)).toBe(200);
    expect((await server.api().delete(`/api/v1/chat/messages/${hello.id}/reactions/${encodeURIComponent('👍')}`).set(as(ext.token))).status).toBe(200);
    expect((await server.api().post(`/api/v1/chat/messages/${hello.id}/seen`).set(as(ext.token))).status).toBe(200);
    const cursor = await server.api().put(`/api/v1/chat/conversations/${oneToOne.id}/read`).set(as(ext.token)).send({ lastReadMessageId: hello.id });
    expect(cursor.status, JSON.stringify(cursor.body)).toBe(200);

    // It may not edit or delete the person's message.
    expect((await server.api().patch(`/api/v1/chat/messages/${hello.id}`).set(as(ext.token)).send({ content: 'rewritten' })).status).toBe(403);
    expect((await server.api().delete(`/api/v1/chat/messages/${hello.id}`).set(as(ext.token))).status).toBe(403);
    const deleted = await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(as(ext.token));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    const seenByPerson = await server.api().get(`/api/v1/chat/conversations/${oneToOne.id}/messages`).set(as(member.token)).expect(200);
    expect(JSON.stringify(seenByPerson.body)).not.toContain('how can I help');
  });

  it('sends over its socket with its token in the handshake, and people hear it', async () => {
    const agentSocket = await connectSocket(server.url, ext.token);
    const personSocket = await connectSocket(server.url, member.token);
    expect(await joinConversation(personSocket, roomConversationId)).toMatchObject({ ok: true });
    expect(await joinConversation(agentSocket, roomConversationId)).toMatchObject({ ok: true });
    const heard = nextEvent(personSocket, 'message:received', (m) => m.content === 'from my socket');
    const ack = await emitWithAck(agentSocket, 'message:send', { conversationId: roomConversationId, content: 'from my socket', clientMessageId: randomUUID() });
    expect(ack).toMatchObject({ ok: true });
    expect((await heard).sender).toMatchObject({ id: ext.agent.id });
    // And hears what people say there.
    const back = nextEvent(agentSocket, 'message:received', (m) => m.content === 'thanks relay');
    await sendMessage(server, member, roomConversationId, 'thanks relay');
    await back;
    // A room it is not in: not found over the socket too.
    expect(await joinConversation(agentSocket, hiddenRoomConversationId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(
      await emitWithAck(agentSocket, 'message:send', { conversationId: hiddenRoomConversationId, content: 'sneaky', clientMessageId: randomUUID() }),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('sends by HTTP in a room it was added to', async () => {
    const sent = await agentSends(roomConversationId, 'room update');
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });
});

describe('what an external agent never reaches', () => {
  it("answers 404 for conversations it is not in: a private room, another team's 1:1", async () => {
    for (const id of [hiddenRoomConversationId, strangersChat.id]) {
      expect((await server.api().get(`/api/v1/chat/conversations/${id}`).set(as(ext.token))).status, id).toBe(404);
      expect((await server.api().get(`/api/v1/chat/conversations/${id}/messages`).set(as(ext.token))).status, id).toBe(404);
      expect((await agentSends(id, 'let me in')).status, id).toBe(404);
    }
    const theirMessages = await server.api().get(`/api/v1/chat/conversations/${strangersChat.id}/messages`).set(as(stranger.token)).expect(200);
    const theirs0 = (theirMessages.body.data.messages as TChatMessage[])[0]!;
    expect((await server.api().put(`/api/v1/chat/messages/${theirs0.id}/reactions/${encodeURIComponent('👍')}`).set(as(ext.token))).status).toBe(404);
    expect((await server.api().post(`/api/v1/chat/messages/${theirs0.id}/seen`).set(as(ext.token))).status).toBe(404);
    expect((await server.api().patch(`/api/v1/chat/messages/${theirs0.id}`).set(as(ext.token)).send({ content: 'x' })).status).toBe(404);
  });

  it("refuses people's routes with 403", async () => {
    const refused = [
      server.api().get('/api/v1/users/me'),
      server.api().get('/api/v1/users/me/sessions'),
      server.api().get('/api/v1/teams'),
      server.api().get(`/api/v1/teams/${team.handle}`),
      server.api().get(`/api/v1/teams/${team.handle}/agents`),
      server.api().get(`/api/v1/teams/${team.handle}/external-agents`),
      server.api().post(`/api/v1/teams/${team.handle}/external-agents/${ext.agent.id}/token`),
      server.api().post('/api/v1/auth/logout'),
      server.api().post(`/api/v1/chat/conversations/${member.agentId}/start`).send({ conversationType: 'personal', isTeamScoped: false }),
      server.api().get(`/api/v1/agents/${member.username}`),
      server.api().get('/api/v1/chat/search?q=hello'),
    ];
    for (const [i, req] of refused.entries()) {
      const res = await req.set(as(ext.token));
      expect(res.status, `row ${i}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it("treats another team's agent token as a stranger in our conversations", async () => {
    expect((await server.api().get(`/api/v1/chat/conversations/${oneToOne.id}/messages`).set(as(theirs.token))).status).toBe(404);
    expect((await agentSends(oneToOne.id, 'hello from outside', theirs.token)).status).toBe(404);
    const list = await server.api().get('/api/v1/chat/conversations').set(as(theirs.token)).expect(200);
    expect((list.body.data.conversations as TConversation[]).map((c) => c.id)).not.toContain(oneToOne.id);
  });
});
