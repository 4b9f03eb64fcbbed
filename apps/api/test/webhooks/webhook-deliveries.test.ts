import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTeam, TWebhookDelivery } from '@agentroom/shared';
import { startWebhookReceiver, verifyWebhookSignature, type WebhookReceiver } from '@agentroom/testkit';
import type { AgentDelivery } from '../../src/core/domain-events';
import { inTransaction } from '../../src/core/transaction';
import { externalAgents } from '../../src/db/schema';
import { webhookSink } from '../../src/webhooks/webhook-sink';
import { seatExternal } from '../external-agents/external-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';

let server: TestServer;
let receiver: WebhookReceiver;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let team: TTeam;
const logs: string[] = [];
let pathCounter = 0;

/** An agent of the team whose webhook goes to a path of its own on the receiver. */
async function seatHooked() {
  const path = `/hook-${(pathCounter += 1)}`;
  const seated = await seatExternal(server, owner, team.handle, { webhookUrl: receiver.url(path) });
  return { ...seated, path };
}

const ended = (agentId: string): AgentDelivery => ({
  agentId,
  event: 'agent:request:ended',
  payload: { requestId: randomUUID(), conversationId: randomUUID(), reason: 'expired' },
});

/** Hands deliveries to the webhook sink inside a transaction, as the agent inbox does when a message causes them. */
async function queue(...deliveries: AgentDelivery[]) {
  await inTransaction(server.ctx.db, (tx) => webhookSink(server.ctx.events)(tx, deliveries));
}

async function deliveriesOf(agentId: string, user: TestUser = owner): Promise<TWebhookDelivery[]> {
  const res = await server.api().get(`/api/v1/teams/${team.handle}/external-agents/${agentId}/deliveries`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.deliveries as TWebhookDelivery[];
}

beforeAll(async () => {
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  // The receiver lives on 127.0.0.1: the operator allows that host, as for MCP servers. Retries are
  // due at once and three attempts are the most, so a test sees a delivery to its end in one sweep.
  server = await startTestServer(
    { MCP_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '2500' },
    undefined,
    { logger: pino({ level: 'debug' }, memory) },
  );
  receiver = await startWebhookReceiver();
  [owner, admin, member, outsider] = (await Promise.all(['owner', 'admin', 'member', 'outsider'].map((n) => signUpVerified(server, n)))) as [TestUser, TestUser, TestUser, TestUser];
  team = await createTeam(server, owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('webhook deliveries', () => {
  it('POSTs each event signed with the secret shown at seating: the signature verifies with it and with no other', async () => {
    const { agent, webhookSecret, path } = await seatHooked();
    const delivery = ended(agent.id);
    await queue(delivery);
    const [request] = await receiver.waitFor(path);
    await server.webhookWorker.sweepNow();

    expect(request!.method).toBe('POST');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Agentroom-Webhooks/1',
      'x-agentroom-event': 'agent:request:ended',
    });
    const body = JSON.parse(request!.rawBody) as { id: string; event: string; createdAt: string; data: unknown };
    expect(body).toMatchObject({ event: 'agent:request:ended', data: delivery.payload });
    expect(request!.headers['x-agentroom-delivery']).toBe(body.id);
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    expect(request!.headers['x-agentroom-signature']).toMatch(/^v1=[0-9a-f]{64}$/);

    expect(verifyWebhookSignature(webhookSecret!, request!.headers, request!.rawBody, 300)).toBe(true);
    expect(verifyWebhookSignature('whsec_not-the-secret', request!.headers, request!.rawBody, 300)).toBe(false);
    expect(verifyWebhookSignature(webhookSecret!, request!.headers, request!.rawBody.replace('expired', 'stopped'), 300)).toBe(false);
    // A replay long after the fact fails on its timestamp.
    expect(verifyWebhookSignature(webhookSecret!, request!.headers, request!.rawBody, 300, Math.floor(Date.now() / 1000) + 3600)).toBe(false);

    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ id: body.id, event: 'agent:request:ended', status: 'delivered', attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null });
    expect(shown!.deliveredAt).not.toBeNull();
  });

  it('writes nothing for agents without a webhook URL, and only for those with one', async () => {
    const socketOnly = await seatExternal(server, owner, team.handle, {});
    const hooked = await seatHooked();
    await queue(ended(socketOnly.agent.id), ended(hooked.agent.id));
    await server.webhookWorker.sweepNow();
    expect(await deliveriesOf(socketOnly.agent.id)).toEqual([]);
    expect(await deliveriesOf(hooked.agent.id)).toHaveLength(1);
    expect(receiver.at(hooked.path)).toHaveLength(1);
  });

  it('writes nothing when the transaction that caused the delivery rolls back', async () => {
    const { agent, path } = await seatHooked();
    await expect(
      inTransaction(server.ctx.db, async (tx) => {
        await webhookSink(server.ctx.events)(tx, [ended(agent.id)]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await server.webhookWorker.sweepNow();
    expect(await deliveriesOf(agent.id)).toEqual([]);
    expect(receiver.at(path)).toEqual([]);
  });

  it('retries after a 5xx with the same delivery id and a fresh signature, and ends delivered after 2 attempts', async () => {
    const { agent, webhookSecret, path } = await seatHooked();
    receiver.script(path, [{ status: 503, body: 'down for maintenance' }, { status: 204 }]);
    await queue(ended(agent.id));
    const [first, second] = await receiver.waitFor(path, 2);
    await server.webhookWorker.sweepNow();

    expect(second!.headers['x-agentroom-delivery']).toBe(first!.headers['x-agentroom-delivery']);
    expect(second!.rawBody).toBe(first!.rawBody);
    for (const request of [first!, second!]) expect(verifyWebhookSignature(webhookSecret!, request.headers, request.rawBody, 300)).toBe(true);
    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 204, lastError: null });
  });

  it('retries a 429 too, and gives up after WEBHOOK_MAX_ATTEMPTS with the last answer shown', async () => {
    const { agent, path } = await seatHooked();
    receiver.script(path, [{ status: 429 }, { status: 500 }, { status: 502, body: 'bad\ngateway' }]);
    await queue(ended(agent.id));
    await receiver.waitFor(path, 3);
    await server.webhookWorker.sweepNow();
    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 502, lastError: 'The receiver answered 502: bad gateway', nextAttemptAt: null });
    expect(receiver.at(path)).toHaveLength(3);
  });

  it('fails at once on another 4xx: the receiver said no', async () => {
    const { agent, path } = await seatHooked();
    receiver.script(path, [{ status: 410, body: '{"error":"gone"}' }]);
    await queue(ended(agent.id));
    await receiver.waitFor(path);
    await server.webhookWorker.sweepNow();
    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 410, lastError: 'The receiver answered 410: {"error":"gone"}' });
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('does not follow a redirect: the other address is never called, and the delivery says why', async () => {
    const { agent, path } = await seatHooked();
    const elsewhere = `${path}-elsewhere`;
    receiver.script(path, [
      { status: 302, headers: { Location: receiver.url(elsewhere) } },
      { status: 307, headers: { Location: receiver.url(elsewhere) } },
      { status: 301, headers: { Location: receiver.url(elsewhere) } },
    ]);
    await queue(ended(agent.id));
    await receiver.waitFor(path, 3);
    await server.webhookWorker.sweepNow();
    expect(receiver.at(elsewhere)).toEqual([]);
    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 301 });
    expect(shown!.lastError).toMatch(/^Redirects are not followed/);
  });

  it('times out a receiver that never answers without holding up another agent’s delivery', async () => {
    const slow = await seatHooked();
    const quick = await seatHooked();
    receiver.script(slow.path, ['hang', { status: 200 }]);
    await queue(ended(slow.agent.id));
    await receiver.waitFor(slow.path);
    // While the slow receiver holds its first POST, the quick agent's delivery goes out.
    await queue(ended(quick.agent.id));
    await receiver.waitFor(quick.path);
    expect(receiver.hanging(slow.path)).toBe(1);
    expect(receiver.at(slow.path)).toHaveLength(1);

    await server.webhookWorker.sweepNow();
    expect(receiver.hanging(slow.path)).toBe(0);
    expect(await deliveriesOf(quick.agent.id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
    const [shown] = await deliveriesOf(slow.agent.id);
    expect(shown).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
    // The first attempt ended on the timeout, as the operator's log says.
    const failures = logs.filter((line) => line.includes(shown!.id) && line.includes('webhook delivery failed'));
    expect(failures.map((line) => (JSON.parse(line) as { error: string }).error)).toEqual(['No answer within 2.5 s']);
  });

  it('says so when the receiver cannot be reached', async () => {
    const { agent } = await seatExternal(server, owner, team.handle, { webhookUrl: 'http://127.0.0.1:1/hook' });
    await queue(ended(agent.id));
    await server.webhookWorker.sweepNow();
    const [shown] = await deliveriesOf(agent.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 3, lastStatus: null, lastError: 'Could not connect (ECONNREFUSED)' });
  });

  it('sends nothing once the webhook URL is gone, and never sends unsigned when the secret cannot be read', async () => {
    const gone = await seatHooked();
    const unreadable = await seatHooked();
    // Changed in the transaction that queued them: the worker reads the agent's settings as they are at delivery.
    await inTransaction(server.ctx.db, async (tx) => {
      await webhookSink(server.ctx.events)(tx, [ended(gone.agent.id), ended(unreadable.agent.id)]);
      await tx.update(externalAgents).set({ webhookUrl: null, webhookSecretSealed: null }).where(eq(externalAgents.agentId, gone.agent.id));
      await tx.update(externalAgents).set({ webhookSecretSealed: 'bm90IGEgc2VhbGVkIHNlY3JldA==' }).where(eq(externalAgents.agentId, unreadable.agent.id));
    });
    await server.webhookWorker.sweepNow();
    expect(receiver.at(gone.path)).toEqual([]);
    expect(receiver.at(unreadable.path)).toEqual([]);
    expect(await deliveriesOf(gone.agent.id)).toMatchObject([{ status: 'failed', attempts: 1, lastStatus: null, lastError: 'The agent has no webhook URL any more' }]);
    const [shown] = await deliveriesOf(unreadable.agent.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: 1, lastStatus: null });
    expect(shown!.lastError).toMatch(/^The webhook secret cannot be read/);
  });

  it('shows managers the newest deliveries first; a member gets 403, someone outside the team 403, an agent not of the team 404', async () => {
    const { agent, path } = await seatHooked();
    await queue(ended(agent.id));
    await queue(ended(agent.id));
    await receiver.waitFor(path, 2);
    await server.webhookWorker.sweepNow();
    const shown = await deliveriesOf(agent.id, admin);
    expect(shown).toHaveLength(2);
    expect(Date.parse(shown[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(shown[1]!.createdAt));

    const url = (agentId: string, handle = team.handle) => `/api/v1/teams/${handle}/external-agents/${agentId}/deliveries`;
    await server.api().get(url(agent.id)).set(bearer(member.token)).expect(403);
    await server.api().get(url(agent.id)).set(bearer(outsider.token)).expect(403);
    await server.api().get(url(agent.id)).expect(401);
    // Another team's agent, a person, an unknown id: not an external agent of this team.
    const otherTeam = await createTeam(server, outsider);
    const theirs = await seatExternal(server, outsider, otherTeam.handle, { webhookUrl: receiver.url('/theirs') });
    for (const id of [theirs.agent.id, member.agentId, randomUUID()]) {
      const res = await server.api().get(url(id)).set(bearer(owner.token)).expect(404);
      expect(res.body.error).toBe('External agent not found');
    }
    // The manager of another team cannot read this team's agent through their own team's handle.
    await server.api().get(url(agent.id, otherTeam.handle)).set(bearer(outsider.token)).expect(404);
    await server.api().get(url('not-a-uuid')).set(bearer(owner.token)).expect(400);
    // The agent's own token is refused on a managers' route.
    await server.api().get(url(agent.id)).set(bearer((await seatHooked()).token)).expect(403);
  });

  it('never writes a webhook secret to the logs or shows it in the deliveries', async () => {
    const { agent, webhookSecret, path } = await seatHooked();
    receiver.script(path, [{ status: 500 }, { status: 200 }]);
    await queue(ended(agent.id));
    await receiver.waitFor(path, 2);
    await server.webhookWorker.sweepNow();
    expect(logs.join('')).toContain('webhook delivery failed');
    expect(logs.join('')).not.toContain(webhookSecret!);
    const secretPart = webhookSecret!.slice('whsec_'.length);
    expect(logs.join('')).not.toContain(secretPart);
    expect(JSON.stringify(await deliveriesOf(agent.id))).not.toContain(secretPart);
  });
});
