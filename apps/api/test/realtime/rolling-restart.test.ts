import { describe, expect, it } from 'vitest';
import { everyoneHoldsEverything, expectNothingLost, offerLoad, summaryOf, waitUntil } from '../support/delivery-load';
import { ackedCount as acked, afterThisTest, startTwoNodes } from '../support/two-node-cluster';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two API processes on one Postgres and one Redis are restarted one after the other (SIGTERM, a new
 * process in its place) while 20 people send to 20 others on the other node at 500 messages a
 * second in all. Every client follows the delivery protocol (support/following-client.ts); once the
 * sending stops, each must hold exactly what the database holds, and the database exactly what was
 * offered. Bounds below are generous because starting the API from source is slow on a busy machine.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a rolling restart of both API nodes under load', () => {
  it('loses no message: every sent one is stored once and every client holds each once', { timeout: 600_000 }, async () => {
    const cluster = await startTwoNodes({ prefix: 'agentroom-rolling-', env: { SHUTDOWN_TIMEOUT_MS: '30000' }, redisUrls: [redisUrl!, redisUrl!] });
    const { a, b, pairs, spawn, databaseUrl: database } = cluster;

    const loadStarted = Date.now();
    const load = offerLoad(500, () => pairs);
    afterThisTest(async () => load.stop());
    await waitUntil(() => acked(pairs) >= 300, 120_000, 'both nodes store messages');

    // A goes (its clients move to B) and A' starts in its place; only once A' answers does B go.
    cluster.live = [b];
    const [aExit, a2] = await Promise.all([a.terminate(), spawn()]);
    cluster.live = [a2, b];
    const bGoes = b.terminate();
    cluster.live = [a2];
    const [bExit, b2] = await Promise.all([bGoes, spawn()]);
    cluster.live = [a2, b2];
    expect([aExit, bExit]).toEqual([0, 0]);

    // Sending goes on through both new nodes for a while before it stops.
    const ackedBefore = acked(pairs);
    await waitUntil(() => acked(pairs) >= ackedBefore + 300, 120_000, 'the new nodes store messages');
    load.stop();
    // Past the bound the assertions below say what is missing.
    await waitUntil(() => everyoneHoldsEverything(database, pairs), 120_000, 'every client holds every message').catch(() => undefined);

    await expectNothingLost(database, pairs);
    const seconds = (Date.now() - loadStarted) / 1000;
    console.log(`rolling restart: ${JSON.stringify({ seconds, shed: load.shed, ...summaryOf(pairs) })}`);
  });
});
