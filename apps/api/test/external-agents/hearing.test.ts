import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentMessageEvent } from '@agentroom/shared';
import { closeSockets, connectSocket, nextEvent, recordEvents, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam } from '../teams/team-helpers';
import { createRoomRow } from '../rooms/room-fixtures';
import { seatExternal } from './external-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

/** Maya and Leo in a room with two external agents: Echo hears everything, Quill only its mentions. */
async function roomWithListeners() {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const team = await createTeam(server, maya);
  await addMember(server, maya, team.handle, leo.username);
  const echo = await seatExternal(server, maya, team.handle, { firstName: 'Echo', listensTo: 'all' });
  const quill = await seatExternal(server, maya, team.handle, { firstName: 'Quill', listensTo: 'mentions' });
  const room = await createRoomRow(server, {
    teamId: team.id,
    createdBy: maya.agentId,
    name: `hear-${randomUUID().slice(0, 6)}`,
    memberIds: [maya.agentId, leo.agentId, echo.agent.id, quill.agent.id],
  });
  const echoSocket = await connectSocket(server.url, echo.token);
  const quillSocket = await connectSocket(server.url, quill.token);
  return { maya, leo, team, echo, quill, room, echoSocket, quillSocket };
}

describe('external agents hear their conversations', () => {
  it("'all' hears every room message, 'mentions' only those that @mention it; neither hears its own", async () => {
    const { maya, leo, echo, quill, room, echoSocket, quillSocket } = await roomWithListeners();
    const quillHeard = recordEvents(quillSocket, 'agent:message');
    const echoHeard = recordEvents(echoSocket, 'agent:message');
    const plain = nextEvent(echoSocket, 'agent:message');
    const first = await sendMessage(server, maya, room.id, 'Morning, everyone');
    expect(await plain).toEqual({ conversationId: room.id, conversationType: 'room', message: expect.objectContaining({ id: first.id }), mentioned: false });

    const mention = nextEvent(quillSocket, 'agent:message');
    const second = await sendMessage(server, leo, room.id, `@${quill.agent.username} can you draft it?`);
    expect(await mention).toMatchObject({ message: { id: second.id }, mentioned: true });
    // Echo speaks: Quill (mentions only) does not hear it, Echo does not hear itself.
    const marker = nextEvent(echoSocket, 'agent:message', (e: TAgentMessageEvent) => e.message.content === 'last');
    await server.api().post(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(echo.token)).send({ content: 'Noted.' }).expect(201);
    await sendMessage(server, maya, room.id, 'last');
    await marker;
    expect(quillHeard.map((e) => e.message.id)).toEqual([second.id]);
    expect(echoHeard.map((e) => e.message.content)).toEqual(['Morning, everyone', `@${quill.agent.username} can you draft it?`, 'last']);
  });

  it("a person's 1:1 message is heard and asks for an answer, even when the agent listens to mentions only", async () => {
    const maya = await signUpVerified(server, 'maya');
    const team = await createTeam(server, maya);
    const quill = await seatExternal(server, maya, team.handle, { firstName: 'Quill', listensTo: 'mentions' });
    const socket = await connectSocket(server.url, quill.token);
    const conversation = await startConversation(server, maya, { agentId: quill.agent.id });
    const heard = nextEvent(socket, 'agent:message');
    const asked = nextEvent(socket, 'agent:request');
    const sent = await sendMessage(server, maya, conversation.id, 'Hi Quill');
    expect(await heard).toMatchObject({ conversationType: expect.not.stringMatching(/^room$/), message: { id: sent.id }, mentioned: false });
    expect(await asked).toMatchObject({ conversationId: conversation.id, chainTurn: 1, askedByAgentId: null, message: { id: sent.id } });
    // A plain send answers it.
    await server.api().post(`/api/v1/chat/conversations/${conversation.id}/messages`).set(bearer(quill.token)).send({ content: 'Hello!' }).expect(201);
    await server.api().post('/api/v1/agent/replies').set(bearer(quill.token)).send({ conversationId: conversation.id, requestId: (await asked).requestId }).expect(409);
  });
});
