import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PINS_MAX_PER_CONVERSATION, THREAD_ERRORS, type TChatMessage, type TPin } from '@agentroom/shared';
import { startServer, type RunningServer } from '../../src/server';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { createRoom } from '../rooms/room-helpers';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { pinPath, pinsPath } from './pin-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Pins across two API nodes on one Postgres and one Redis: Maya talks to node 1, Liam to node 2.
 * A pin made on one node reaches the room's viewers on the other, and pins racing at the cap from
 * both nodes (separate connections, truly concurrent transactions) never pass it.
 */
describe.skipIf(!databaseUrl || !redisUrl)('pins across two API nodes', () => {
  let node1: TestServer;
  let node2: RunningServer;
  let maya: TestUser;
  let liam: TestUser;
  let handle: string;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl! });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    [maya, liam] = [await signUpVerified(node1, 'pnmaya'), await signUpVerified(node1, 'pnliam')];
    handle = (await createTeam(node1, maya)).handle;
    await addMember(node1, maya, handle, liam.username);
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  const api2 = () => request(node2.url);

  it('carries a pin and an unpin live from node to node', async () => {
    const roomId = (await createRoom(node1, maya, handle, { name: 'pins-across', memberIds: [liam.agentId] })).room.id;
    const atMaya = await connectSocket(node1.url, maya.token);
    const atLiam = await connectSocket(node2.url, liam.token);
    expect(await joinConversation(atMaya, roomId)).toEqual({ ok: true });
    expect(await joinConversation(atLiam, roomId)).toEqual({ ok: true });
    const message = await sendMessage(node1, maya, roomId, 'The plan, pinned');

    const pinnedAtLiam = nextEvent(atLiam, 'conversation:pins', (e) => e.messageId === message.id);
    await node1.api().put(pinPath(message.id)).set(bearer(maya.token)).expect(200);
    expect(await pinnedAtLiam).toEqual({ conversationId: roomId, messageId: message.id, pinned: true });
    const listed = await api2().get(pinsPath(roomId)).set(bearer(liam.token)).expect(200);
    expect((listed.body.data.pins as TPin[]).map((p) => [p.message.id, p.pinnedBy?.id])).toEqual([[message.id, maya.agentId]]);

    const unpinnedAtMaya = nextEvent(atMaya, 'conversation:pins', (e) => e.messageId === message.id && !e.pinned);
    await api2().delete(pinPath(message.id)).set(bearer(liam.token)).expect(200);
    expect(await unpinnedAtMaya).toEqual({ conversationId: roomId, messageId: message.id, pinned: false });
    expect((await node1.api().get(pinsPath(roomId)).set(bearer(maya.token)).expect(200)).body.data.pins).toEqual([]);
  });

  it(`never lets pins racing from both nodes at the cap pass ${PINS_MAX_PER_CONVERSATION}`, async () => {
    const roomId = (await createRoom(node1, maya, handle, { name: 'pins-race', memberIds: [liam.agentId] })).room.id;
    const racers = 6;
    const free = 2;
    const sent: TChatMessage[] = [];
    for (let i = 0; i < PINS_MAX_PER_CONVERSATION - free + racers; i += 1) sent.push(await sendMessage(node1, maya, roomId, `Item ${i}`));
    for (const message of sent.slice(0, PINS_MAX_PER_CONVERSATION - free)) await node1.api().put(pinPath(message.id)).set(bearer(maya.token)).expect(200);

    // Half from each node, each node's own connection pool: the transactions overlap for real.
    const results = await Promise.all(
      sent.slice(PINS_MAX_PER_CONVERSATION - free).map((message, i) =>
        i % 2 === 0
          ? node1.api().put(pinPath(message.id)).set(bearer(maya.token))
          : api2().put(pinPath(message.id)).set(bearer(liam.token)),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(free);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.error])).toEqual(Array.from({ length: racers - free }, () => [409, THREAD_ERRORS.tooManyPins]));
    const listed = await api2().get(pinsPath(roomId)).set(bearer(liam.token)).expect(200);
    expect(listed.body.data.pins).toHaveLength(PINS_MAX_PER_CONVERSATION);
  });
});
