import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';
import { startOwnRedis } from '../support/redis-process';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, startConversation, type User } from '../chat/chat-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const LIMIT = 40;

/**
 * The message limit is shared by every node through Redis, but each node takes it a slice at a
 * time (a tenth: 4 of 40 here) and spends the slice without asking Redis (LeasedRedisStore). What a
 * person notices must not change: no more than the limit a minute, whichever nodes they reach.
 */
describe.skipIf(!databaseUrl)('the message limit on two nodes', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let node1: TestServer;
  let node2: RunningServer;

  beforeAll(async () => {
    redis = await startOwnRedis();
    node1 = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_MESSAGES_PER_MINUTE: String(LIMIT) });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
    await redis?.stop();
  });

  const send = (url: string, from: User, conversationId: string) =>
    request(url)
      .post(`/api/v1/chat/conversations/${conversationId}/messages/async`)
      .set(auth(from))
      .send({ content: 'hello', clientMessageId: randomUUID() });

  it('admits exactly the limit a minute to a person who alternates between the nodes, then 429 on both', async () => {
    const [a, b] = await Promise.all([signUpVerified(node1, 'la'), signUpVerified(node1, 'lb')]);
    const { id } = await startConversation(node1, a, b);
    const urls = [node1.url, node2.url];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await send(urls[i % 2]!, a, id)).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    for (const url of urls) {
      const refused = await send(url, a, id);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit']).toMatch(new RegExp(`^limit=${LIMIT}, remaining=0, reset=\\d+$`));
      expect(refused.headers['ratelimit-policy']).toBe(`${LIMIT};w=60`);
    }
    // Someone else's budget is their own.
    expect((await send(node2.url, b, id)).status).toBe(201);
  });

  it('admits exactly the limit on one node, and the other node knows the budget is spent', async () => {
    const [a, b] = await Promise.all([signUpVerified(node1, 'lc'), signUpVerified(node1, 'ld')]);
    const { id } = await startConversation(node1, a, b);
    const all = await Promise.all(Array.from({ length: LIMIT + 5 }, () => send(node1.url, a, id)));
    expect(all.filter((r) => r.status === 201)).toHaveLength(LIMIT);
    expect(all.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await send(node2.url, a, id)).status).toBe(429);
  });
});
