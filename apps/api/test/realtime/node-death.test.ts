import { afterEach, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { databaseForTwoLives, spawnApiProcess, type ApiProcess } from '../support/api-process';
import {
  everyoneHoldsEverything,
  expectNothingLost,
  followingPairs,
  offerLoad,
  peopleInConversations,
  storedMessages,
  summaryOf,
  waitUntil,
  type Pair,
} from '../support/delivery-load';
import { startRedisLink } from '../support/redis-link';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const acked = (pairs: Pair[]) => pairs.reduce((n, p) => n + p.sender.acked.size, 0);

/**
 * Node B dies without a goodbye (SIGKILL) under load, with messages it committed and acked whose
 * broadcast never left it: its Redis link is cut first (support/redis-link.ts), so what it
 * publishes from then on dies with it. Pair i's sender starts on node i mod 2, its receiver on the
 * other. In the "quiet" conversations (senders on B) the last message is one B stored after the
 * cut, and nothing follows it: their receivers, on A, can only learn of it from A telling them a
 * peer was lost (sync:resync), since no later message shows them a seq gap. The other
 * conversations go on sending through A, so their receivers may catch up by the gap rule too.
 * The settle bound covers the peer-loss detection bound (about four beats).
 */
describe.skipIf(!databaseUrl || !redisUrl)('an API node killed between commit and broadcast', () => {
  it('still leaves every client holding every message, those B stored last included', { timeout: 600_000 }, async () => {
    const { database, env, drop } = await databaseForTwoLives('http://127.0.0.1:9', 'agentroom-death-');
    cleanups.push(drop);
    const link = await startRedisLink(redisUrl!);
    cleanups.push(link.close);
    // The cut silences B at once, and B must be dead before A takes it for lost (three beats), or what
    // B stores in between is a partition's loss, not a death's: on a busy machine B needs seconds to
    // ack its last messages, so beats are slower than the default here.
    const nodeEnv = { ...env, RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000', NODE_HEARTBEAT_MS: '4000' };
    const spawn = async (redis: string) => {
      const node = await spawnApiProcess({ ...nodeEnv, REDIS_URL: redis });
      cleanups.push(node.kill);
      return node;
    };
    const [people, a, b] = await Promise.all([peopleInConversations(database.databaseUrl!, 20), spawn(redisUrl!), spawn(link.url)]);
    let live: ApiProcess[] = [a, b];
    const pairs = await followingPairs(people, () => live.map((node) => node.url));
    cleanups.push(async () => pairs.forEach((p) => (p.sender.close(), p.receiver.close())));
    const quiet = pairs.filter((_, i) => i % 4 === 1);
    expect(quiet.map((p) => [p.sender.node, p.receiver.node])).toEqual(quiet.map(() => [b.url, a.url]));

    let offering = pairs;
    const load = offerLoad(500, () => offering);
    cleanups.push(async () => load.stop());
    await waitUntil(() => pairs.every((p) => p.sender.acked.size >= 5), 120_000, 'every sender has messages stored');

    // The quiet conversations stop, and all they sent is stored and broadcast, before B's link goes.
    offering = pairs.filter((p) => !quiet.includes(p));
    await waitUntil(() => quiet.every((p) => p.sender.pendingCount === 0), 120_000, 'the quiet senders are acked');
    link.cut();
    const cutAt = Date.now();
    const lastByB = new Map<Pair, TChatMessage>();
    await Promise.all(
      quiet.map(
        (pair) =>
          new Promise<void>((resolve) => {
            const stop = pair.sender.onAck((message) => {
              lastByB.set(pair, message);
              stop();
              resolve();
            });
            pair.sender.send(pair.conversationId);
          }),
      ),
    );
    await b.kill();
    const cutToKillMs = Date.now() - cutAt;
    live = [a];

    // The load goes on through A for a while, then stops.
    const ackedBefore = acked(pairs);
    await waitUntil(() => acked(pairs) >= ackedBefore + 200, 120_000, 'A stores what B no longer does');
    load.stop();
    // Past the bound the assertions below say what is missing.
    await waitUntil(() => everyoneHoldsEverything(database.databaseUrl!, pairs), 90_000, 'every client holds every message').catch(() => undefined);
    console.log(`node death: ${JSON.stringify({ cutToKillMs, shed: load.shed, ...summaryOf(pairs) })}`);

    // The case only a peer-lost resync saves is there: a message B acked after its link was cut is the last of its conversation.
    const stored = await storedMessages(database.databaseUrl!, quiet.map((p) => p.conversationId));
    for (const pair of quiet) expect(stored.get(pair.conversationId)!.at(-1)!.seq).toBe(lastByB.get(pair)!.seq);
    await expectNothingLost(database.databaseUrl!, pairs);
  });
});
