import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMcpServer, TTeam, TTeamAgent } from '@agentroom/shared';
import { startFakeMcp, type FakeMcp } from '@agentroom/testkit';
import type { AppContext } from '../../src/context';
import { callMcpTool } from '../../src/ai/tools/mcp/mcp-tools';
import { agentTools, mcpServers } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';

const SECRET = 'Bearer s3cret-token-value';

let server: TestServer;
let fake: FakeMcp;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let leaver: TestUser;
let outsider: TestUser;
let team: TTeam;
let ai: TTeamAgent;
const logs: string[] = [];

const serversUrl = (handle = team.handle) => `/api/v1/teams/${handle}/mcp-servers`;
const as = (user: TestUser) => bearer(user.token);
let nameCounter = 0;
const freshName = (base = 'srv') => `${base}${(nameCounter += 1)}`;

async function createServer(body: Record<string, unknown>, user = owner): Promise<TMcpServer> {
  const res = await server.api().post(serversUrl()).set(as(user)).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.server as TMcpServer;
}

/** The server's context with other MCP limits (the same database), for calls a test wants to end fast. */
const withLimits = (mcp: Partial<AppContext['config']['mcp']>): AppContext => ({ ...server.ctx, config: { ...server.ctx.config, mcp: { ...server.ctx.config.mcp, ...mcp } } });
const never = new AbortController().signal;

beforeAll(async () => {
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  // The fake MCP server lives on 127.0.0.1: the operator allows that host, as MCP_ALLOWED_HOSTS says.
  server = await startTestServer({ MCP_ALLOWED_HOSTS: '127.0.0.1' }, undefined, { logger: pino({ level: 'debug' }, memory) });
  fake = await startFakeMcp({ requireHeader: { name: 'Authorization', value: SECRET } });
  [owner, admin, member, leaver, outsider] = await Promise.all(['owner', 'admin', 'member', 'leaver', 'outsider'].map((n) => signUpVerified(server, n)));
  team = await createTeam(server, owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(as(owner)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
  await addMember(server, owner, team.handle, leaver.username);
  await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(as(leaver)).expect(200);
  ai = await createAiAgent(server, owner, team.handle, { firstName: 'Clerk' });
});
afterAll(async () => {
  await fake?.close();
  await server?.stop();
});

describe('MCP servers of a team', () => {
  it('registers a server, lists its tools from the real server, and never shows or stores the header in the clear', async () => {
    const created = await createServer({ name: 'crm', url: fake.url, headers: { Authorization: SECRET } });
    expect(created).toMatchObject({ name: 'crm', url: fake.url, headerNames: ['Authorization'], lastError: null });
    expect(created.toolsListedAt).not.toBeNull();
    expect(created.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['lookup_order', 'slow', 'huge', 'fails']));
    expect(created.tools.find((t) => t.name === 'lookup_order')?.description).toBe('Look up an order by its number');

    const listed = await server.api().get(serversUrl()).set(as(admin)).expect(200);
    expect(listed.body.data.servers.map((s: TMcpServer) => s.id)).toContain(created.id);
    for (const body of [created, listed.body.data]) expect(JSON.stringify(body)).not.toContain('s3cret');

    const [row] = await server.ctx.db.select().from(mcpServers).where(eq(mcpServers.id, created.id));
    expect(row!.headersEncrypted).toBeTruthy();
    expect(row!.headersEncrypted).not.toContain('s3cret');
    expect(Buffer.from(row!.headersEncrypted!, 'base64').toString('latin1')).not.toContain('s3cret');
    expect(row!.headerNames).toEqual(['Authorization']);
    expect(fake.calls.length === 0 || fake.calls.every((c) => c.headers.authorization === SECRET)).toBe(true);
  });

  it('stores a server it cannot reach, or that refuses the headers, with the error shown; fixing the headers lists its tools', async () => {
    const down = await createServer({ name: freshName('down'), url: 'http://127.0.0.1:1/mcp' });
    expect(down.lastError).toBe('Could not connect (ECONNREFUSED)');
    expect(down.tools).toEqual([]);
    expect(down.toolsListedAt).toBeNull();

    const wrong = await createServer({ name: freshName('wrong'), url: fake.url, headers: { Authorization: 'Bearer nope' } });
    expect(wrong.lastError).toBe('The server answered 401 (check its auth headers)');
    const fixed = await server.api().patch(`${serversUrl()}/${wrong.id}`).set(as(admin)).send({ headers: { Authorization: SECRET } }).expect(200);
    expect(fixed.body.data.server).toMatchObject({ lastError: null, headerNames: ['Authorization'] });
    expect(fixed.body.data.server.tools.length).toBeGreaterThan(0);
  });

  it('refuses a name already taken in the team (any case), on create and on rename', async () => {
    await createServer({ name: 'billing', url: 'http://127.0.0.1:1/mcp' });
    const again = await server.api().post(serversUrl()).set(as(owner)).send({ name: 'Billing', url: fake.url }).expect(409);
    expect(again.body.error).toBe('A server named Billing already exists in this team');
    const other = await createServer({ name: freshName('other'), url: 'http://127.0.0.1:1/mcp' });
    const rename = await server.api().patch(`${serversUrl()}/${other.id}`).set(as(owner)).send({ name: 'billing' }).expect(409);
    expect(rename.body.error).toBe('A server named billing already exists in this team');
    // Another team may use the name.
    const otherTeam = await createTeam(server, owner);
    await server.api().post(serversUrl(otherTeam.handle)).set(as(owner)).send({ name: 'billing', url: 'http://127.0.0.1:1/mcp' }).expect(201);
  });

  it('renames, moves and removes the headers of a server (`headers: null`)', async () => {
    const created = await createServer({ name: freshName('edit'), url: fake.url, headers: { Authorization: SECRET, 'X-Team': 'crew' } });
    expect(created.headerNames).toEqual(['Authorization', 'X-Team']);
    const renamed = await server.api().patch(`${serversUrl()}/${created.id}`).set(as(owner)).send({ name: 'renamed' }).expect(200);
    expect(renamed.body.data.server).toMatchObject({ name: 'renamed', headerNames: ['Authorization', 'X-Team'] });
    const cleared = await server.api().patch(`${serversUrl()}/${created.id}`).set(as(owner)).send({ headers: null }).expect(200);
    expect(cleared.body.data.server).toMatchObject({ headerNames: [], lastError: 'The server answered 401 (check its auth headers)' });
    const [row] = await server.ctx.db.select().from(mcpServers).where(eq(mcpServers.id, created.id));
    expect(row!.headersEncrypted).toBeNull();
    await server.api().patch(`${serversUrl()}/${created.id}`).set(as(owner)).send({ url: 'http://10.0.0.7/mcp' }).expect(400);
  });

  it('lists the tools again on refresh (a tool the server added appears); a failed refresh keeps the tools and says why', async () => {
    const own = await startFakeMcp();
    try {
      const created = await createServer({ name: freshName('grow'), url: own.url });
      expect(created.tools.map((t) => t.name)).not.toContain('ship_order');
      own.addTool({ name: 'ship_order', description: 'Ship an order' });
      const refreshed = await server.api().post(`${serversUrl()}/${created.id}/refresh`).set(as(admin)).expect(200);
      const server1 = refreshed.body.data.server as TMcpServer;
      expect(server1.tools).toContainEqual({ name: 'ship_order', description: 'Ship an order' });
      expect(Date.parse(server1.toolsListedAt!)).toBeGreaterThanOrEqual(Date.parse(created.toolsListedAt!));
      await own.close();
      const failed = await server.api().post(`${serversUrl()}/${created.id}/refresh`).set(as(admin)).expect(200);
      expect(failed.body.data.server.lastError).toBe('Could not connect (ECONNREFUSED)');
      expect(failed.body.data.server.tools).toEqual(server1.tools);
    } finally {
      await own.close();
    }
  });

  it('deletes a server, and every agent policy for its tools goes with it', async () => {
    const created = await createServer({ name: freshName('gone'), url: fake.url, headers: { Authorization: SECRET } });
    await server
      .api()
      .put(`/api/v1/agents/${ai.id}/tools`)
      .set(as(owner))
      .send({ tools: [{ key: `mcp:${created.id}:lookup_order`, policy: 'auto' }] })
      .expect(200);
    expect(await server.ctx.db.select().from(agentTools).where(eq(agentTools.serverId, created.id))).toHaveLength(1);
    await server.api().delete(`${serversUrl()}/${created.id}`).set(as(admin)).expect(200, { success: true, data: { deleted: true } });
    expect(await server.ctx.db.select().from(agentTools).where(eq(agentTools.serverId, created.id))).toHaveLength(0);
    await server.api().delete(`${serversUrl()}/${created.id}`).set(as(admin)).expect(404);
    const tools = (await server.api().get(`/api/v1/agents/${ai.id}/tools`).set(as(owner)).expect(200)).body.data.tools;
    expect(JSON.stringify(tools)).not.toContain(created.id);
  });

  it('is for owners and admins: a member 403, someone outside the team (or who left) 403, anyone 401 without a token', async () => {
    const created = await createServer({ name: freshName('guarded'), url: 'http://127.0.0.1:1/mcp' });
    for (const user of [member, leaver, outsider]) {
      await server.api().get(serversUrl()).set(as(user)).expect(403);
      await server.api().post(serversUrl()).set(as(user)).send({ name: freshName(), url: fake.url }).expect(403);
      await server.api().patch(`${serversUrl()}/${created.id}`).set(as(user)).send({ name: freshName() }).expect(403);
      await server.api().post(`${serversUrl()}/${created.id}/refresh`).set(as(user)).expect(403);
      await server.api().delete(`${serversUrl()}/${created.id}`).set(as(user)).expect(403);
    }
    await server.api().get(serversUrl()).expect(401);
    await server.api().post(serversUrl()).send({ name: freshName(), url: fake.url }).expect(401);
    await server.api().get(serversUrl('no-such-team-here')).set(as(owner)).expect(404);
  });

  it('answers 404 for an unknown server id, or one of another team (even a team the caller manages)', async () => {
    await server.api().patch(`${serversUrl()}/${randomUUID()}`).set(as(owner)).send({ name: freshName() }).expect(404);
    await server.api().post(`${serversUrl()}/${randomUUID()}/refresh`).set(as(owner)).expect(404);
    const outsidersTeam = await createTeam(server, outsider);
    const theirs = await server.api().post(serversUrl(outsidersTeam.handle)).set(as(outsider)).send({ name: 'theirs', url: 'http://127.0.0.1:1/mcp' }).expect(201);
    const theirId = theirs.body.data.server.id as string;
    const ownersTeam = await createTeam(server, owner);
    for (const handle of [team.handle, ownersTeam.handle]) {
      await server.api().patch(`${serversUrl(handle)}/${theirId}`).set(as(owner)).send({ name: 'mine' }).expect(404);
      await server.api().delete(`${serversUrl(handle)}/${theirId}`).set(as(owner)).expect(404);
      await server.api().post(`${serversUrl(handle)}/${theirId}/refresh`).set(as(owner)).expect(404);
    }
    await server.api().patch(`${serversUrl()}/not-a-uuid`).set(as(owner)).send({ name: freshName() }).expect(400);
  });

  it('refuses bad input with 400', async () => {
    const post = (body: unknown) => server.api().post(serversUrl()).set(as(owner)).send(body as object);
    const bad: unknown[] = [
      { name: 'cr\u0000m', url: fake.url },
      { name: 'has space', url: fake.url },
      { name: 'x'.repeat(41), url: fake.url },
      { name: 5, url: fake.url },
      { name: freshName(), url: `https://example.com/${'a'.repeat(2100)}` },
      { name: freshName(), url: 'ftp://example.com/mcp' },
      { name: freshName(), url: 'not a url' },
      { name: freshName(), url: fake.url, headers: 'Authorization: x' },
      { name: freshName(), url: fake.url, headers: { Authorization: 'Bearer a\r\nX-Evil: 1' } },
      { name: freshName(), url: fake.url, headers: { 'Bad Header': 'x' } },
      { name: freshName(), url: fake.url, headers: { Authorization: 5 } },
      { name: freshName(), url: fake.url, extra: true },
      { name: freshName(), url: 'http://user:pass@127.0.0.1:1/mcp' },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});

describe('the host rule', () => {
  it('refuses loopback, private, link-local (cloud metadata) and IPv4-mapped addresses, and names resolving to them', async () => {
    const refused = [
      ['http://10.1.2.3/mcp', '10.1.2.3'],
      ['http://192.168.0.10/mcp', '192.168.0.10'],
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://100.64.0.1/mcp', '100.64.0.1'],
      ['http://[::1]:8080/mcp', '::1'],
      ['http://[::ffff:127.0.0.2]/mcp', '::ffff:7f00:2'],
      ['http://[fd00::1]/mcp', 'fd00::1'],
      ['http://0.0.0.0/mcp', '0.0.0.0'],
      ['http://127.0.0.2/mcp', '127.0.0.2'],
    ] as const;
    for (const [url, address] of refused) {
      const res = await server.api().post(serversUrl()).set(as(owner)).send({ name: freshName('ssrf'), url });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toBe(
        `MCP servers may not live on loopback, private or link-local addresses (${address}). An operator can allow this host with MCP_ALLOWED_HOSTS.`,
      );
    }
    // A name is judged by what it resolves to: localhost is not the host the operator named.
    const byName = await server.api().post(serversUrl()).set(as(owner)).send({ name: freshName('ssrf'), url: `http://localhost:${fake.port}/mcp` });
    expect(byName.status).toBe(400);
    expect(byName.body.error).toMatch(/^MCP servers may not live on loopback, private or link-local addresses \((127\.0\.0\.1|::1)\)/);
  });

  it('refuses 127.0.0.1 unless MCP_ALLOWED_HOSTS names it, at create and again at every connection', async () => {
    const strict = await startTestServer();
    try {
      const user = await signUpVerified(strict, 'strict');
      const strictTeam = await createTeam(strict, user);
      const res = await strict.api().post(`/api/v1/teams/${strictTeam.handle}/mcp-servers`).set(as(user)).send({ name: 'crm', url: fake.url });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('(127.0.0.1)');
    } finally {
      await strict.stop();
    }
    // A server stored while its host was allowed: the next call checks again.
    const stored = await createServer({ name: freshName('was-allowed'), url: fake.url, headers: { Authorization: SECRET } });
    const calls = fake.calls.length;
    const result = await callMcpTool(withLimits({ allowedHosts: [] }), stored.id, 'lookup_order', { orderId: '42' }, never);
    expect(result.isError).toBe(true);
    expect(result.text).toContain(`${stored.name}.lookup_order failed: MCP servers may not live on loopback, private or link-local addresses (127.0.0.1)`);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('calling an MCP tool', () => {
  let crm: TMcpServer;
  beforeAll(async () => {
    crm = (await server.api().get(serversUrl()).set(as(owner)).expect(200)).body.data.servers.find((s: TMcpServer) => s.name === 'crm');
  });

  it('answers the tool’s text, with the stored headers sent', async () => {
    const result = await callMcpTool(server.ctx, crm.id, 'lookup_order', { orderId: '42' }, never);
    expect(result).toEqual({ text: 'Order 42: 3 knots, shipped', isError: false });
    expect(fake.calls.at(-1)).toMatchObject({ tool: 'lookup_order', arguments: { orderId: '42' } });
    expect(fake.calls.at(-1)!.headers.authorization).toBe(SECRET);
  });

  it('names non-text content briefly and passes the tool’s own errors on as errors', async () => {
    expect(await callMcpTool(server.ctx, crm.id, 'picture', {}, never)).toEqual({ text: '[image]\nA knot', isError: false });
    expect(await callMcpTool(server.ctx, crm.id, 'fails', {}, never)).toEqual({ text: 'crm.fails failed: The order system is down', isError: true });
  });

  it('ends a slow call at MCP_TIMEOUT_MS and a huge answer at MCP_MAX_RESPONSE_BYTES, as error results', async () => {
    const slow = await callMcpTool(withLimits({ timeoutMs: 300 }), crm.id, 'slow', { ms: 120_000 }, never);
    expect(slow).toEqual({ text: 'crm.slow failed: no answer within 0.3 s', isError: true });
    const huge = await callMcpTool(withLimits({ maxResponseBytes: 10_000 }), crm.id, 'huge', { bytes: 5_000_000 }, never);
    expect(huge).toEqual({ text: 'crm.huge failed: its answer was larger than 10000 bytes', isError: true });
  });

  it('turns a vanished server, a malformed answer, a stop and a removed server into error results', async () => {
    expect(await callMcpTool(server.ctx, crm.id, 'vanish', {}, never)).toEqual({ text: 'crm.vanish failed: the connection was closed mid-answer', isError: true });
    expect(await callMcpTool(server.ctx, crm.id, 'lies', {}, never)).toEqual({ text: 'crm.lies failed: its answer was not a valid MCP result', isError: true });
    const stop = new AbortController();
    const stopped = callMcpTool(server.ctx, crm.id, 'slow', { ms: 120_000 }, stop.signal);
    stop.abort();
    expect(await stopped).toEqual({ text: 'crm.slow failed: stopped', isError: true });
    expect(await callMcpTool(server.ctx, randomUUID(), 'lookup_order', {}, never)).toEqual({ text: 'lookup_order failed: its MCP server was removed', isError: true });
  });

  it('never writes a header value to the logs', () => {
    expect(logs.join('')).not.toContain('s3cret');
  });
});
