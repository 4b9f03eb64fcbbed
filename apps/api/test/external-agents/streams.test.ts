import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@agentroom/shared';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { messagesOf } from '../ai/ai-fixtures';
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

async function room() {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const team = await createTeam(server, maya);
  await addMember(server, maya, team.handle, leo.username);
  const relay = await seatExternal(server, maya, team.handle, { firstName: 'Relay' });
  const conversation = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, name: `s-${randomUUID().slice(0, 6)}`, memberIds: [maya.agentId, leo.agentId, relay.agent.id] });
  return { maya, leo, relay, conversation };
}

const post = (path: string, token: string, body: object) => server.api().post(`/api/v1${path}`).set(bearer(token)).send(body);

describe("an external agent's streamed reply", () => {
  it('a stream without a request: people may stop it with the stop button; the agent is told and its deltas answer 409', async () => {
    const { maya, leo, relay, conversation } = await room();
    await sendMessage(server, leo, conversation.id, 'Anyone?');
    const agentSocket = await connectSocket(server.url, relay.token);
    const socket = await connectSocket(server.url, maya.token);
    await joinConversation(socket, conversation.id);
    const { streamId } = (await post('/agent/replies', relay.token, { conversationId: conversation.id }).expect(201)).body.data;
    await post(`/agent/replies/${streamId}/delta`, relay.token, { delta: 'Me, ' }).expect(200);
    const ended = nextEvent(agentSocket, 'agent:request:ended');
    const done = nextEvent(socket, 'message:stream', (e) => e.streamId === streamId && e.done);
    const stop = await server.api().post(`/api/v1/chat/replies/${streamId}/stop`).set(auth(maya)).expect(200);
    expect(stop.body.data.stopped).toBe(true);
    expect(await ended).toEqual({ requestId: streamId, conversationId: conversation.id, reason: 'stopped' });
    expect((await done).offset).toBe(4);
    const late = await post(`/agent/replies/${streamId}/delta`, relay.token, { delta: 'too late' }).expect(409);
    expect(late.body.error).toBe('This reply was stopped');
    expect((await messagesOf(server, leo, conversation.id)).map((m) => m.content)).toEqual(['Anyone?']);
  });

  it('someone who reconnects mid-stream gets its text so far from the replies in progress, and nothing once it is stored', async () => {
    const { leo, relay, conversation } = await room();
    await sendMessage(server, leo, conversation.id, 'Status?');
    const inProgress = () => server.api().get(`/api/v1/chat/conversations/${conversation.id}/replies`).set(auth(leo)).expect(200);
    const { streamId } = (await post('/agent/replies', relay.token, { conversationId: conversation.id }).expect(201)).body.data;
    for (const delta of ['All ', 'green']) await post(`/agent/replies/${streamId}/delta`, relay.token, { delta }).expect(200);
    expect((await inProgress()).body.data.replies).toEqual([{ streamId, agentId: relay.agent.id, status: 'running', attempt: 0, content: 'All green' }]);
    await post(`/agent/replies/${streamId}/finish`, relay.token, {}).expect(201);
    expect((await inProgress()).body.data.replies).toEqual([]);
  });

  it('refuses text past the message limit (400), an empty reply (400), and a finished stream (409); stores `content` over the streamed text', async () => {
    const { leo, relay, conversation } = await room();
    await sendMessage(server, leo, conversation.id, 'Go');
    const { streamId } = (await post('/agent/replies', relay.token, { conversationId: conversation.id }).expect(201)).body.data;
    await post(`/agent/replies/${streamId}/finish`, relay.token, {}).expect(400);
    const chunk = 'x'.repeat(4000);
    for (let i = 0; i < 2; i += 1) await post(`/agent/replies/${streamId}/delta`, relay.token, { delta: chunk }).expect(200);
    await post(`/agent/replies/${streamId}/delta`, relay.token, { delta: 'y'.repeat(MESSAGE_MAX_LENGTH - 8000 + 1) }).expect(400);
    const finished = await post(`/agent/replies/${streamId}/finish`, relay.token, { content: 'Short and final.' }).expect(201);
    expect(finished.body.data.message).toMatchObject({ content: 'Short and final.', clientMessageId: `ai-reply:${streamId}`, sender: { id: relay.agent.id } });
    await post(`/agent/replies/${streamId}/finish`, relay.token, {}).expect(409);
    await post(`/agent/replies/${streamId}/delta`, relay.token, { delta: 'more' }).expect(409);
    // Another agent's stream is not found.
    const other = await seatExternal(server, leo, (await createTeam(server, leo)).handle, {});
    await post(`/agent/replies/${streamId}/delta`, other.token, { delta: 'hi' }).expect(404);
  });
});
