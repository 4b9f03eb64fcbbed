import { afterEach, describe, expect, it } from 'vitest';
import { databaseForTwoLives, spawnApiProcess, type ApiProcess } from '../support/api-process';
import {
  everyoneHoldsEverything,
  expectNothingLost,
  followingPairs,
  offerLoad,
  peopleInConversations,
  summaryOf,
  waitUntil,
  type Pair,
} from '../support/delivery-load';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const acked = (pairs: Pair[]) => pairs.reduce((n, p) => n + p.sender.acked.size, 0);

/**
 * Two API processes on one Postgres and one Redis are restarted one after the other (SIGTERM, a new
 * process in its place) while 20 people send to 20 others on the other node at 500 messages a
 * second in all. Every client follows the delivery protocol (support/following-client.ts); once the
 * sending stops, each must hold exactly what the database holds, and the database exactly what was
 * offered. Bounds below are generous because starting the API from source is slow on a busy machine.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a rolling restart of both API nodes under load', () => {
  it('loses no message: every sent one is stored once and every client holds each once', { timeout: 600_000 }, async () => {
    const { database, env, drop } = await databaseForTwoLives('http://127.0.0.1:9', 'agentroom-rolling-');
    cleanups.push(drop);
    const nodeEnv = { ...env, REDIS_URL: redisUrl!, RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000', SHUTDOWN_TIMEOUT_MS: '30000' };
    const spawn = async () => {
      const node = await spawnApiProcess(nodeEnv);
      cleanups.push(node.kill);
      return node;
    };
    const [people, a, b] = await Promise.all([peopleInConversations(database.databaseUrl!, 20), spawn(), spawn()]);
    let live: ApiProcess[] = [a, b];
    const pairs = await followingPairs(people, () => live.map((node) => node.url));
    cleanups.push(async () => pairs.forEach((p) => (p.sender.close(), p.receiver.close())));

    const loadStarted = Date.now();
    const load = offerLoad(500, () => pairs);
    cleanups.push(async () => load.stop());
    await waitUntil(() => acked(pairs) >= 300, 120_000, 'both nodes store messages');

    // A goes (its clients move to B) and A' starts in its place; only once A' answers does B go.
    live = [b];
    const [aExit, a2] = await Promise.all([a.terminate(), spawn()]);
    live = [a2, b];
    const bGoes = b.terminate();
    live = [a2];
    const [bExit, b2] = await Promise.all([bGoes, spawn()]);
    live = [a2, b2];
    expect([aExit, bExit]).toEqual([0, 0]);

    // Sending goes on through both new nodes for a while before it stops.
    const ackedBefore = acked(pairs);
    await waitUntil(() => acked(pairs) >= ackedBefore + 300, 120_000, 'the new nodes store messages');
    load.stop();
    // Past the bound the assertions below say what is missing.
    await waitUntil(() => everyoneHoldsEverything(database.databaseUrl!, pairs), 120_000, 'every client holds every message').catch(() => undefined);

    await expectNothingLost(database.databaseUrl!, pairs);
    const seconds = (Date.now() - loadStarted) / 1000;
    console.log(`rolling restart: ${JSON.stringify({ seconds, shed: load.shed, ...summaryOf(pairs) })}`);
  });
});
