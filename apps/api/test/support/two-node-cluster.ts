import { onTestFinished } from 'vitest';
import { databaseForTwoLives, spawnApiProcess, type ApiProcess } from './api-process';
import { followingPairs, peopleInConversations, type Pair } from './delivery-load';

/** The current test's cleanups; undefined between tests. */
let pending: (() => Promise<unknown>)[] | undefined;

/**
 * Runs `cleanup` once the current test has finished, newest first (a node before its database); one
 * that fails does not stop the rest. Tied to the test, not to a file's hooks: test files share their
 * worker and this module (isolate: false), so an `afterEach` here would serve only the first file.
 */
export function afterThisTest(cleanup: () => Promise<unknown>): void {
  if (!pending) {
    const cleanups: (() => Promise<unknown>)[] = [];
    pending = cleanups;
    onTestFinished(async () => {
      pending = undefined;
      for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
    });
  }
  pending.push(cleanup);
}

/** How many messages the senders have had acknowledged so far. */
export const ackedCount = (pairs: Pair[]) => pairs.reduce((n, p) => n + p.sender.acked.size, 0);

export interface TwoNodeCluster {
  databaseUrl: string;
  a: ApiProcess;
  b: ApiProcess;
  /** The nodes clients may (re)connect to now: a test that stops or starts a node says so here. */
  live: ApiProcess[];
  /** Another node on the same database, with the test's environment (and `redisUrl` if given). */
  spawn(redisUrl?: string): Promise<ApiProcess>;
  /** Twenty people in ten conversations; pair i's sender starts on node i mod 2, its receiver on the other. */
  pairs: Pair[];
}

/**
 * A database of the test's own, two API processes on it (B through `redisUrls[1]` when given, e.g. a
 * link the test can cut), and following clients in pairs across them. Everything is undone after the test.
 */
export async function startTwoNodes(options: { prefix: string; env: Record<string, string>; redisUrls: [string, string] }): Promise<TwoNodeCluster> {
  const { database, env, drop } = await databaseForTwoLives('http://127.0.0.1:9', options.prefix);
  afterThisTest(drop);
  // Sends come far faster than a person's: the rate limit would refuse most of them.
  const nodeEnv = { ...env, RATE_LIMIT_MESSAGES_PER_MINUTE: '1000000', ...options.env };
  const spawn = async (redisUrl = options.redisUrls[0]) => {
    const node = await spawnApiProcess({ ...nodeEnv, REDIS_URL: redisUrl });
    afterThisTest(node.kill);
    return node;
  };
  const [people, a, b] = await Promise.all([peopleInConversations(database.databaseUrl!, 20), spawn(options.redisUrls[0]), spawn(options.redisUrls[1])]);
  const cluster: TwoNodeCluster = { databaseUrl: database.databaseUrl!, a, b, live: [a, b], spawn, pairs: [] };
  cluster.pairs = await followingPairs(people, () => cluster.live.map((node) => node.url));
  afterThisTest(async () => cluster.pairs.forEach((p) => (p.sender.close(), p.receiver.close())));
  return cluster;
}
