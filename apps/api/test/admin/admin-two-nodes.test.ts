import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNANCE_ERRORS } from '@agentroom/shared';
import { startServer, type RunningServer } from '../../src/server';
import { closeSockets, connectSocket, disconnected } from '../chat/chat-fixtures';
import { registerThroughMail, startTestServer, type TestServer } from '../support/test-server';
import { bearerOf, linkTokenFrom, type Person } from './admin-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two API nodes on one Postgres and one Redis: disabling on node 1 cuts the person off on node 2 as well. */
describe.skipIf(!databaseUrl || !redisUrl)('a disabled account, on every node', () => {
  let node1: TestServer;
  let node2: RunningServer;
  let admin: Person;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl! });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    admin = await registerThroughMail(node1, 'admin');
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  const api2 = () => request(node2.url);

  it('closes their sockets on both nodes, refuses their token on node 2 at once, and lets them back in once enabled', async () => {
    expect(admin.user.isInstanceAdmin).toBe(true);
    const person = await registerThroughMail(node1, 'both');
    await node1.api().post('/api/v1/auth/email/send-magic-link').send({ email: person.email }).expect(200);
    const magic = await linkTokenFrom(node1, person.email, '/auth/magic-link');
    const socket1 = await connectSocket(node1.url, person.token);
    const socket2 = await connectSocket(node2.url, person.token);
    // Node 2 remembers the session as live in its short cache.
    await api2().get('/api/v1/auth/me').set(bearerOf(person)).expect(200);
    const gone1 = disconnected(socket1);
    const gone2 = disconnected(socket2);

    await node1.api().post(`/api/v1/admin/people/${person.agentId}/disable`).set(bearerOf(admin)).send({}).expect(200);
    expect(await gone1).toBe('io server disconnect');
    expect(await gone2).toBe('io server disconnect');
    // The revocation crosses the adapter; no waiting for node 2's cache to run out.
    await expect.poll(async () => (await api2().get('/api/v1/auth/me').set(bearerOf(person))).status, { timeout: 2000, interval: 20 }).toBe(401);
    expect((await api2().post('/api/v1/auth/refresh').set(bearerOf(person))).status).toBe(401);
    await expect(connectSocket(node2.url, person.token)).rejects.toThrow();
    const refused = await api2().post('/api/v1/auth/login').send({ username: person.username, password: person.password }).expect(403);
    expect(refused.body.error).toBe(GOVERNANCE_ERRORS.accountDisabled);
    await api2().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(400);

    await api2().post(`/api/v1/admin/people/${person.agentId}/enable`).set(bearerOf(admin)).expect(200);
    const back = await api2().post('/api/v1/auth/login').send({ username: person.username, password: person.password }).expect(200);
    await node1.api().get('/api/v1/auth/me').set(bearerOf({ token: back.body.data.token })).expect(200);
    await connectSocket(node1.url, back.body.data.token);
  });
});
