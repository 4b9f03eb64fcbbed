import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversation, TTeam } from '@agentroom/shared';
import { startServer, type RunningServer } from '../../src/server';
import { closeSockets, connectSocket, disconnected, emitWithAck, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { seatExternal } from './external-fixtures';

const MESSAGES_PER_MINUTE = 5;

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let team: TTeam;
const logs: string[] = [];

const base = () => `/api/v1/teams/${team.handle}/external-agents`;
const me = (token: string) => server.api().get('/api/v1/agent/me').set(bearer(token));

beforeAll(async () => {
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  server = await startTestServer({ RATE_LIMIT_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE) }, undefined, { logger: pino({ level: 'debug' }, memory) });
  [owner, member] = (await Promise.all(['owner', 'member'].map((n) => signUpVerified(server, n)))) as [TestUser, TestUser];
  team = await createTeam(server, owner);
  await addMember(server, owner, team.handle, member.username);
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('revoking and rotating', () => {
  it('a revoked token answers 401 at once, even right after it was used (and cached)', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    await me(ext.token).expect(200);
    const res = await server.api().delete(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200);
    expect(res.body.data).toEqual({ revoked: true });
    expect((await me(ext.token)).status).toBe(401);
    // Nothing left to revoke.
    expect((await server.api().delete(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200)).body.data).toEqual({ revoked: false });
    const listed = await server.api().get(base()).set(bearer(owner.token)).expect(200);
    expect(listed.body.data.externalAgents.find((x: { agent: { id: string } }) => x.agent.id === ext.agent.id).token).toBeNull();
  });

  it('a rotated-away token answers 401 at once; the new one works', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    await me(ext.token).expect(200);
    const rotated = await server.api().post(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200);
    const fresh = rotated.body.data.token as string;
    expect(fresh).not.toBe(ext.token);
    expect(rotated.body.data.externalAgent.token.hint).toBe(fresh.slice(-4));
    expect((await me(ext.token)).status).toBe(401);
    await me(fresh).expect(200);
  });

  it('revoking closes a socket connected with that token, and it cannot connect again', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const socket = await connectSocket(server.url, ext.token);
    const closed = disconnected(socket);
    await server.api().delete(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200);
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(server.url, ext.token)).rejects.toThrow();
  });

  it('rotating and removing close its sockets too', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const first = await connectSocket(server.url, ext.token);
    const firstClosed = disconnected(first);
    const rotated = await server.api().post(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200);
    await firstClosed;
    const second = await connectSocket(server.url, rotated.body.data.token);
    const secondClosed = disconnected(second);
    await server.api().delete(`${base()}/${ext.agent.id}`).set(bearer(owner.token)).expect(200);
    await secondClosed;
  });

  it('a made-up, truncated or tampered token answers 401', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const tampered = `${ext.token.slice(0, -1)}${ext.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['art_', 'art_nothex', `art_${'0'.repeat(32)}xyz`, ext.token.slice(0, 40), tampered]) expect((await me(token)).status, token).toBe(401);
    expect((await server.api().get('/api/v1/agent/me')).status).toBe(401);
    // A person's token on an agent-only route: 403.
    expect((await me(member.token)).status).toBe(403);
  });
});

describe('the token stays secret', () => {
  it('never reaches the logs, after failed and successful calls', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const created = await server.api().post(base()).set(bearer(owner.token)).send({ username: `logged-${randomUUID().slice(0, 6)}`, firstName: 'Quiet' }).expect(201);
    const shown = created.body.data.token as string;
    await me(ext.token).expect(200);
    await me(shown).expect(200);
    await server.api().get('/api/v1/users/me').set(bearer(ext.token)).expect(403);
    await server.api().get(`/api/v1/chat/conversations/${randomUUID()}`).set(bearer(ext.token)).expect(404);
    await server.api().post(`/api/v1/chat/conversations/${randomUUID()}/messages`).set(bearer(ext.token)).send({ content: 'x', clientMessageId: randomUUID() });
    const rotated = await server.api().post(`${base()}/${ext.agent.id}/token`).set(bearer(owner.token)).expect(200);
    await me(ext.token).expect(401);
    const socket = await connectSocket(server.url, rotated.body.data.token);
    socket.disconnect();
    await expect(connectSocket(server.url, ext.token)).rejects.toThrow();
    const all = logs.join('');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [ext.token, shown, rotated.body.data.token as string]) {
      expect(all).not.toContain(secret);
      // Nor its secret half alone.
      expect(all).not.toContain(secret.slice(36));
    }
  });
});

describe('bad input', () => {
  const huge = 'x'.repeat(200_000);
  it('answers 400 in the envelope for bad bytes, huge strings and wrong types in every field of create and update', async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const valid = { username: `ok-${randomUUID().slice(0, 6)}`, firstName: 'Fine' };
    const badValues: unknown[] = ['bad\u0000byte', 'x'.repeat(5000), 42, true, { nested: 1 }, ['a'], ''];
    const fields = ['username', 'firstName', 'lastName', 'role', 'description', 'listensTo', 'webhookUrl'];
    const failures: string[] = [];
    for (const field of fields) {
      for (const value of badValues) {
        // An empty last name, role or description is allowed (blank).
        if (value === '' && ['lastName', 'role', 'description'].includes(field)) continue;
        const create = await server.api().post(base()).set(bearer(owner.token)).send({ ...valid, [field]: value });
        if (create.status !== 400 || create.body.success !== false) failures.push(`create ${field}=${JSON.stringify(value).slice(0, 20)}: ${create.status}`);
        if (field === 'username') continue;
        const update = await server.api().patch(`${base()}/${ext.agent.id}`).set(bearer(owner.token)).send({ [field]: value });
        if (update.status !== 400 || update.body.success !== false) failures.push(`update ${field}=${JSON.stringify(value).slice(0, 20)}: ${update.status}`);
      }
    }
    for (const body of [{ ...valid, extra: 1 }, { ...valid, webhookUrl: 'ftp://93.184.215.14/x' }, { ...valid, webhookUrl: 'javascript:alert(1)' }, { ...valid, username: 'has space' }]) {
      const res = await server.api().post(base()).set(bearer(owner.token)).send(body);
      if (res.status !== 400) failures.push(`create ${JSON.stringify(body).slice(0, 60)}: ${res.status}`);
    }
    const tooBig = await server.api().post(base()).set(bearer(owner.token)).send({ ...valid, description: huge });
    if (tooBig.status !== 413 && tooBig.status !== 400) failures.push(`huge body: ${tooBig.status}`);
    const notJson = await server.api().post(base()).set(bearer(owner.token)).set('Content-Type', 'application/json').send('{"username": ');
    if (notJson.status !== 400) failures.push(`broken JSON: ${notJson.status}`);
    expect(failures).toEqual([]);
  });
});

describe('flooding', () => {
  it("one agent token's sends are limited per minute (429), HTTP and socket alike", async () => {
    const ext = await seatExternal(server, owner, team.handle);
    const chat: TConversation = await startConversation(server, member, { agentId: ext.agent.id });
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 2; i += 1) {
      const res = await server
        .api()
        .post(`/api/v1/chat/conversations/${chat.id}/messages`)
        .set(bearer(ext.token))
        .send({ content: `flood ${i}`, clientMessageId: randomUUID() });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, MESSAGES_PER_MINUTE).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const socket = await connectSocket(server.url, ext.token);
    expect(await emitWithAck(socket, 'message:send', { conversationId: chat.id, content: 'more', clientMessageId: randomUUID() })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    // A person in the same conversation is not held back by the agent's budget.
    await sendMessage(server, member, chat.id, 'still talking');
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseUrl || !redisUrl)('two API nodes behind one Redis', () => {
  let node1: TestServer;
  let node2: RunningServer;
  let boss: TestUser;
  let crew: TTeam;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl! });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    boss = await signUpVerified(node1, 'boss');
    crew = await createTeam(node1, boss);
  });
  afterAll(async () => {
    closeSockets();
    await node2?.close();
    await node1?.stop();
  });

  it('a token revoked on node 1 answers 401 on node 2 at once, and its socket there closes', async () => {
    const ext = await seatExternal(node1, boss, crew.handle);
    // Node 2 checked (and cached) the token.
    await request(node2.url).get('/api/v1/agent/me').set(bearer(ext.token)).expect(200);
    const socket = await connectSocket(node2.url, ext.token);
    const closed = disconnected(socket);
    await node1.api().delete(`/api/v1/teams/${crew.handle}/external-agents/${ext.agent.id}/token`).set(bearer(boss.token)).expect(200);
    await closed;
    expect((await request(node2.url).get('/api/v1/agent/me').set(bearer(ext.token))).status).toBe(401);
  });
});
