import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTeam, TWebhookDelivery } from '@agentroom/shared';
import { startWebhookReceiver, type WebhookReceiver } from '@agentroom/testkit';
import { inTransaction } from '../../src/core/transaction';
import { webhookSink } from '../../src/webhooks/webhook-sink';
import { seatExternal } from '../external-agents/external-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer, createTeam, type TestUser } from '../teams/team-helpers';

let server: TestServer;
let receiver: WebhookReceiver;
let owner: TestUser;
let team: TTeam;

beforeAll(async () => {
  // No MCP_ALLOWED_HOSTS, and the default retry schedule: as an operator runs it.
  server = await startTestServer();
  receiver = await startWebhookReceiver();
  owner = await signUpVerified(server, 'owner');
  team = await createTeam(server, owner);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('webhook hosts', () => {
  it('never contacts a loopback host the operator did not allow: the delivery says why and is retried later', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const path = `/refused-${host}`;
      const url = receiver.url(path).replace('127.0.0.1', host);
      const { agent } = await seatExternal(server, owner, team.handle, { webhookUrl: url });
      const queuedAt = Date.now();
      await inTransaction(server.ctx.db, (tx) =>
        webhookSink(server.ctx.events)(tx, [{ agentId: agent.id, event: 'agent:request:ended', payload: { requestId: randomUUID(), conversationId: randomUUID(), reason: 'stopped' } }]),
      );
      await server.webhookWorker.sweepNow();

      expect(receiver.at(path)).toEqual([]);
      const res = await server.api().get(`/api/v1/teams/${team.handle}/external-agents/${agent.id}/deliveries`).set(bearer(owner.token)).expect(200);
      const [shown] = res.body.data.deliveries as TWebhookDelivery[];
      expect(shown).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
      expect(shown!.lastError).toMatch(/^The host is not allowed: .* is a loopback, private or link-local address \(an operator can allow the host with MCP_ALLOWED_HOSTS\)$/);
      // The first retry waits about 10 s (WEBHOOK_RETRY_BASE_MS, with jitter).
      const wait = Date.parse(shown!.nextAttemptAt!) - queuedAt;
      expect(wait).toBeGreaterThanOrEqual(8_000);
      expect(wait).toBeLessThanOrEqual(12_000 + (Date.now() - queuedAt));
    }
  });
});
