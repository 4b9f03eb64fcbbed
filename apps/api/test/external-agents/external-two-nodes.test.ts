import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentReplyAck } from '@agentroom/shared';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage, type ClientSocket } from '../chat/chat-fixtures';
import { collectStream, nextMessageFrom } from '../ai/ai-fixtures';
import { addMember, createTeam } from '../teams/team-helpers';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createRoomRow } from '../rooms/room-fixtures';
import { createTestDatabase } from '../support/test-database';
import { seatExternal } from './external-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const ack = (socket: ClientSocket, event: 'agent:reply:start' | 'agent:reply:delta' | 'agent:reply:finish', payload: unknown) =>
  socket.timeout(10_000).emitWithAck(event, payload as never) as Promise<TAgentReplyAck>;

/** An external agent connected to one node answers a person on the other, live. */
describe.skipIf(!databaseUrl || !redisUrl)('an external agent across two API nodes', () => {
  let nodes: TestServer[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redisUrl! };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    closeSockets();
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
  });

  it('asked through node 2, it streams its reply on node 1, and the person on node 2 sees typing, deltas and the stored message', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya);
    await addMember(one, maya, team.handle, leo.username);
    const relay = await seatExternal(one, maya, team.handle, { firstName: 'Relay' });
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, relay.agent.id] });
    const agentSocket = await connectSocket(one.url, relay.token);
    const socket = await connectSocket(two.url, leo.token);
    await joinConversation(socket, room.id);

    const asked = nextEvent(agentSocket, 'agent:request');
    const sent = await sendMessage(two, maya, room.id, `@${relay.agent.username} report?`);
    const request = await asked;
    expect(request.message.id).toBe(sent.id);

    const typing = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === relay.agent.id && e.isTyping);
    const stream = collectStream(socket, (e) => e.streamId === request.requestId);
    const stored = nextMessageFrom(socket, relay.agent.id);
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: room.id, requestId: request.requestId })).toMatchObject({ ok: true });
    await typing;
    await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'All ' });
    await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'quiet.' });
    await ack(agentSocket, 'agent:reply:finish', { streamId: request.requestId });
    expect((await stream.done).map((e) => [e.delta, e.offset, e.done])).toEqual([
      ['All ', 0, false],
      ['quiet.', 4, false],
      ['', 10, true],
    ]);
    expect(await stored).toMatchObject({ content: 'All quiet.', clientMessageId: `ai-reply:${request.requestId}` });
  });
});
