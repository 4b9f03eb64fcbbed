import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@agentroom/testkit';
import type { AgentDelivery } from '../../src/core/domain-events';
import { inTransaction } from '../../src/core/transaction';
import { webhookSink } from '../../src/webhooks/webhook-sink';
import { seatExternal } from '../external-agents/external-fixtures';
import { createTestDatabase } from '../support/test-database';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Two API nodes on one Postgres share the webhook outbox: every delivery is POSTed once, by whichever node leased it. */
describe.skipIf(!databaseUrl)('two API nodes share the webhook outbox', () => {
  let nodes: TestServer[] = [];
  let receiver: WebhookReceiver;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, MCP_ALLOWED_HOSTS: '127.0.0.1' };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
    await receiver?.close();
  });

  it('delivers each of many deliveries exactly once across both nodes', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const owner = await signUpVerified(one, 'owner');
    const team = await createTeam(one, owner);
    const agents = await Promise.all([1, 2, 3].map((n) => seatExternal(one, owner, team.handle, { webhookUrl: receiver.url(`/node-hook-${n}`) })));
    const deliveries: AgentDelivery[] = agents.flatMap(({ agent }) =>
      Array.from({ length: 8 }, () => ({ agentId: agent.id, event: 'agent:request:ended' as const, payload: { requestId: randomUUID(), conversationId: randomUUID(), reason: 'expired' as const } })),
    );
    // Written on one node; the other finds them on its own sweep.
    await inTransaction(one.ctx.db, (tx) => webhookSink(one.ctx.events)(tx, deliveries));
    await Promise.all([one.webhookWorker.sweepNow(), two.webhookWorker.sweepNow()]);

    const ids = receiver.received.filter((r) => r.path.startsWith('/node-hook-')).map((r) => r.headers['x-agentroom-delivery']);
    expect(ids).toHaveLength(deliveries.length);
    expect(new Set(ids).size).toBe(deliveries.length);
  });
});
