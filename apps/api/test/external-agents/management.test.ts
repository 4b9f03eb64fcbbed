import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgent, TExternalAgent, TExternalAgentSecrets, TTeam } from '@agentroom/shared';
import { webhookDeliveries } from '../../src/db/schema';
import { closeSockets, connectSocket, nextEvent, sendMessage, startConversation } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let team: TTeam;

const base = (handle = team.handle) => `/api/v1/teams/${handle}/external-agents`;
let counter = 0;
const freshName = () => `relay-${(counter += 1)}-${randomUUID().slice(0, 6)}`;

async function create(body: Record<string, unknown> = {}, user = owner): Promise<TExternalAgentSecrets> {
  const res = await server
    .api()
    .post(base())
    .set(bearer(user.token))
    .send({ username: freshName(), firstName: 'Relay', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as TExternalAgentSecrets;
}

async function listed(user = owner): Promise<TExternalAgent[]> {
  const res = await server.api().get(base()).set(bearer(user.token)).expect(200);
  return res.body.data.externalAgents as TExternalAgent[];
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, outsider] = (await Promise.all(['owner', 'admin', 'member', 'outsider'].map((n) => signUpVerified(server, n)))) as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  team = await createTeam(server, owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('seating an external agent', () => {
  it('answers its token once, shows only its hint after, and seats it in the team as an external agent', async () => {
    const made = await create({ firstName: 'Relay', lastName: 'Bot', role: 'Triage', description: 'Sorts tickets', listensTo: 'all' });
    expect(made.token).toMatch(/^art_/);
    expect(made.webhookSecret).toBeNull();
    expect(made.externalAgent).toMatchObject({
      listensTo: 'all',
      webhookUrl: null,
      token: { hint: made.token.slice(-4), lastUsedAt: null },
      webhooks: { delivered: 0, pending: 0, failed: 0, lastError: null },
      agent: { firstName: 'Relay', lastName: 'Bot', role: 'Triage', personality: 'Sorts tickets', isHuman: false, isExternal: true },
    });
    const list = await listed(admin);
    const seen = list.find((x) => x.agent.id === made.externalAgent.agent.id);
    expect(seen?.token?.hint).toBe(made.token.slice(-4));
    expect(JSON.stringify(list)).not.toContain(made.token);

    // Its card in the team's agent list says it is external.
    const agents = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(member.token)).expect(200);
    const card = (agents.body.data.agents as (TAgent & { id: string })[]).find((a) => a.id === made.externalAgent.agent.id);
    expect(card).toMatchObject({ isExternal: true, isHuman: false });

    // Using the token shows when it was last used.
    await server.api().get('/api/v1/agent/me').set(bearer(made.token)).expect(200);
    const after = (await listed()).find((x) => x.agent.id === made.externalAgent.agent.id);
    expect(after?.token?.lastUsedAt).not.toBeNull();
  });

  it('makes a webhook signing secret when it has a webhook URL, and never shows it again', async () => {
    const made = await create({ webhookUrl: 'https://93.184.215.14/hooks/agentroom' });
    expect(made.webhookSecret).toMatch(/^whsec_/);
    expect(made.externalAgent.webhookUrl).toBe('https://93.184.215.14/hooks/agentroom');
    expect(JSON.stringify(await listed())).not.toContain(made.webhookSecret!);
  });

  it('refuses a taken username whatever its case (409 on the username)', async () => {
    const made = await create();
    const res = await server
      .api()
      .post(base())
      .set(bearer(owner.token))
      .send({ username: made.externalAgent.agent.username.toUpperCase(), firstName: 'Twin' });
    expect(res.status).toBe(409);
    expect(res.body.details).toMatchObject({ username: expect.any(String) });
    // A person's username is taken for agents too.
    const person = await server.api().post(base()).set(bearer(owner.token)).send({ username: member.username, firstName: 'Twin' });
    expect(person.status).toBe(409);
  });

  it('refuses a webhook to a loopback or private address on create and on update (400 on webhookUrl)', async () => {
    for (const webhookUrl of ['http://127.0.0.1:8080/hook', 'http://10.0.0.7/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://user:pw@93.184.215.14/hook']) {
      const res = await server.api().post(base()).set(bearer(owner.token)).send({ username: freshName(), firstName: 'Leaky', webhookUrl });
      expect(res.status, webhookUrl).toBe(400);
      expect(res.body.details).toMatchObject({ webhookUrl: expect.any(String) });
    }
    const made = await create();
    const res = await server.api().patch(`${base()}/${made.externalAgent.agent.id}`).set(bearer(owner.token)).send({ webhookUrl: 'http://192.168.1.1/hook' });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ webhookUrl: expect.any(String) });
  });

  it('lets a host the operator allowed through', async () => {
    const allowing = await startTestServer({ MCP_ALLOWED_HOSTS: '127.0.0.1' });
    try {
      const boss = await signUpVerified(allowing, 'boss');
      const own = await createTeam(allowing, boss);
      const res = await allowing
        .api()
        .post(`/api/v1/teams/${own.handle}/external-agents`)
        .set(bearer(boss.token))
        .send({ username: freshName(), firstName: 'Local', webhookUrl: 'http://127.0.0.1:9/hook' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      await allowing.stop();
    }
  });

  it('is for owners and admins: a member 403, someone outside the team 403, an unknown team 404', async () => {
    expect((await server.api().get(base()).set(bearer(member.token))).status).toBe(403);
    expect((await server.api().post(base()).set(bearer(member.token)).send({ username: freshName(), firstName: 'X' })).status).toBe(403);
    expect((await server.api().get(base()).set(bearer(outsider.token))).status).toBe(403);
    expect((await server.api().get(base('no-such-team')).set(bearer(owner.token))).status).toBe(404);
    const made = await create();
    const id = made.externalAgent.agent.id;
    for (const user of [member, outsider]) {
      expect((await server.api().patch(`${base()}/${id}`).set(bearer(user.token)).send({ firstName: 'Hacked' })).status).toBe(403);
      expect((await server.api().post(`${base()}/${id}/token`).set(bearer(user.token))).status).toBe(403);
      expect((await server.api().delete(`${base()}/${id}/token`).set(bearer(user.token))).status).toBe(403);
      expect((await server.api().delete(`${base()}/${id}`).set(bearer(user.token))).status).toBe(403);
    }
  });

  it("answers 404 for another team's external agent, an AI agent, a person, or an unknown id", async () => {
    const other = await createTeam(server, outsider);
    const theirs = await server
      .api()
      .post(base(other.handle))
      .set(bearer(outsider.token))
      .send({ username: freshName(), firstName: 'Theirs' })
      .expect(201);
    const ai = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).send({ firstName: 'Robo' }).expect(201);
    for (const id of [theirs.body.data.externalAgent.agent.id, ai.body.data.agent.id, member.agentId, randomUUID()]) {
      expect((await server.api().patch(`${base()}/${id}`).set(bearer(owner.token)).send({ firstName: 'X' })).status, id).toBe(404);
      expect((await server.api().post(`${base()}/${id}/token`).set(bearer(owner.token))).status, id).toBe(404);
      expect((await server.api().delete(`${base()}/${id}`).set(bearer(owner.token))).status, id).toBe(404);
    }
    expect((await server.api().delete(`${base()}/not-a-uuid`).set(bearer(owner.token))).status).toBe(400);
  });
});

describe('editing an external agent', () => {
  it('changes its profile and what it hears, and people see the new name live', async () => {
    const made = await create();
    const id = made.externalAgent.agent.id;
    // A person who has a 1:1 with it hears its new name at once.
    const chat = await startConversation(server, member, { agentId: id });
    await sendMessage(server, member, chat.id, 'hello relay');
    const socket = await connectSocket(server.url, member.token);
    const updated = nextEvent(socket, 'agent:updated', (e) => e.agent.id === id);
    const res = await server
      .api()
      .patch(`${base()}/${id}`)
      .set(bearer(admin.token))
      .send({ firstName: 'Dispatch', lastName: 'Two', role: '', description: 'Routes things', listensTo: 'all' })
      .expect(200);
    expect(res.body.data.externalAgent).toMatchObject({
      listensTo: 'all',
      agent: { firstName: 'Dispatch', lastName: 'Two', role: 'External agent', personality: 'Routes things', isExternal: true },
    });
    expect((await updated).agent).toMatchObject({ firstName: 'Dispatch', isExternal: true });
  });

  it('turns webhooks on (a secret is made, shown by rotating) and off', async () => {
    const made = await create();
    const id = made.externalAgent.agent.id;
    const on = await server.api().patch(`${base()}/${id}`).set(bearer(owner.token)).send({ webhookUrl: 'https://93.184.215.14/in' }).expect(200);
    expect(on.body.data.externalAgent.webhookUrl).toBe('https://93.184.215.14/in');
    expect(JSON.stringify(on.body)).not.toMatch(/whsec_/);
    const rotated = await server.api().post(`${base()}/${id}/token`).set(bearer(owner.token)).expect(200);
    expect(rotated.body.data.webhookSecret).toMatch(/^whsec_/);
    const off = await server.api().patch(`${base()}/${id}`).set(bearer(owner.token)).send({ webhookUrl: null }).expect(200);
    expect(off.body.data.externalAgent.webhookUrl).toBeNull();
    const rotatedAgain = await server.api().post(`${base()}/${id}/token`).set(bearer(owner.token)).expect(200);
    expect(rotatedAgain.body.data.webhookSecret).toBeNull();
  });

  it('refuses AI-only fields through PATCH /agents/:id, and takes its profile there too', async () => {
    const made = await create();
    const id = made.externalAgent.agent.id;
    const model = await server.api().patch(`/api/v1/agents/${id}`).set(bearer(owner.token)).send({ model: 'gpt-4o' });
    expect(model.status).toBe(400);
    const name = await server.api().patch(`/api/v1/agents/${id}`).set(bearer(owner.token)).send({ firstName: 'Renamed' });
    expect(name.status).toBe(200);
    expect(name.body.data.agent).toMatchObject({ firstName: 'Renamed', isExternal: true, model: null });
  });
});

describe('webhook health in the list', () => {
  it("counts the last day's deliveries by status and shows the newest error", async () => {
    const made = await create({ webhookUrl: 'https://93.184.215.14/h' });
    const agentId = made.externalAgent.agent.id;
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    await server.ctx.db.insert(webhookDeliveries).values([
      { agentId, event: 'agent:message', payload: {}, status: 'delivered' },
      { agentId, event: 'agent:message', payload: {}, status: 'delivered' },
      { agentId, event: 'agent:message', payload: {}, status: 'pending', lastError: 'Timed out', createdAt: new Date(Date.now() - 1000) },
      { agentId, event: 'agent:message', payload: {}, status: 'failed', lastError: 'HTTP 500', createdAt: new Date() },
      { agentId, event: 'agent:message', payload: {}, status: 'failed', lastError: 'Ancient', createdAt: old },
    ]);
    const seen = (await listed()).find((x) => x.agent.id === agentId);
    expect(seen?.webhooks).toEqual({ delivered: 2, pending: 1, failed: 1, lastError: 'HTTP 500' });
  });
});

describe('removing an external agent', () => {
  it('takes it out of the team, revokes its token, and keeps its messages readable under its name', async () => {
    const made = await create({ firstName: 'Parting', lastName: 'Agent' });
    const id = made.externalAgent.agent.id;
    const chat = await startConversation(server, member, { agentId: id });
    const sent = await server
      .api()
      .post(`/api/v1/chat/conversations/${chat.id}/messages`)
      .set(bearer(made.token))
      .send({ content: 'on it', clientMessageId: randomUUID() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);

    await server.api().delete(`${base()}/${id}`).set(bearer(owner.token)).expect(200);

    expect((await server.api().get('/api/v1/agent/me').set(bearer(made.token))).status).toBe(401);
    expect((await listed()).map((x) => x.agent.id)).not.toContain(id);
    const agents = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(member.token)).expect(200);
    expect((agents.body.data.agents as { id: string }[]).map((a) => a.id)).not.toContain(id);
    const messages = await server.api().get(`/api/v1/chat/conversations/${chat.id}/messages`).set(bearer(member.token)).expect(200);
    const mine = (messages.body.data.messages as { content: string; sender: { id: string; firstName: string; lastName: string } }[]).find((m) => m.content === 'on it');
    expect(mine?.sender).toMatchObject({ id, firstName: 'Parting', lastName: 'Agent' });
    expect(JSON.stringify(messages.body)).not.toContain('Deleted user');
    // Gone: a second removal, a rotation, an edit all answer 404.
    expect((await server.api().delete(`${base()}/${id}`).set(bearer(owner.token))).status).toBe(404);
    expect((await server.api().post(`${base()}/${id}/token`).set(bearer(owner.token))).status).toBe(404);
  });
});
