import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { everyoneHoldsEverything, expectNothingLost, offerLoad, storedMessages, summaryOf, waitUntil, type Pair } from '../support/delivery-load';
import { startRedisLink } from '../support/redis-link';
import { ackedCount as acked, afterThisTest, startTwoNodes } from '../support/two-node-cluster';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

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
    const link = await startRedisLink(redisUrl!);
    afterThisTest(link.close);
    // The cut silences B at once, and B must be dead before A takes it for lost (three beats), or what
    // B stores in between is a partition's loss, not a death's: on a busy machine B needs seconds to
    // ack its last messages, so beats are slower than the default here.
    const cluster = await startTwoNodes({ prefix: 'agentroom-death-', env: { NODE_HEARTBEAT_MS: '4000' }, redisUrls: [redisUrl!, link.url] });
    const { a, b, pairs, databaseUrl: database } = cluster;
    const quiet = pairs.filter((_, i) => i % 4 === 1);
    expect(quiet.map((p) => [p.sender.node, p.receiver.node])).toEqual(quiet.map(() => [b.url, a.url]));

    let offering = pairs;
    const load = offerLoad(500, () => offering);
    afterThisTest(async () => load.stop());
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
    cluster.live = [a];

    // The load goes on through A for a while, then stops.
    const ackedBefore = acked(pairs);
    await waitUntil(() => acked(pairs) >= ackedBefore + 200, 120_000, 'A stores what B no longer does');
    load.stop();
    // Past the bound the assertions below say what is missing.
    await waitUntil(() => everyoneHoldsEverything(database, pairs), 90_000, 'every client holds every message').catch(() => undefined);
    console.log(`node death: ${JSON.stringify({ cutToKillMs, shed: load.shed, ...summaryOf(pairs) })}`);

    // The case only a peer-lost resync saves is there: a message B acked after its link was cut is the last of its conversation.
    const stored = await storedMessages(database, quiet.map((p) => p.conversationId));
    for (const pair of quiet) expect(stored.get(pair.conversationId)!.at(-1)!.seq).toBe(lastByB.get(pair)!.seq);
    await expectNothingLost(database, pairs);
  });
});
