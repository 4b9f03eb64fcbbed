import type { AppContext } from '../context';
import { startPollLoop } from '../core/poll-loop';
import { inTransaction } from '../core/transaction';
import { decryptHeaders } from '../ai/tools/mcp/header-crypto';
import { claimDueDeliveries, recordAttempt, type ClaimedDelivery } from './webhook-deliveries-repo';
import { postWebhook, type PostOutcome } from './webhook-post';
import { webhookHeaders } from './webhook-signature';

const POLL_MS = 5_000;
/** Deliveries in flight on one node, and for one agent across all nodes: a slow receiver holds its own only. */
const CONCURRENCY = 8;
const PER_AGENT = 2;
/** A lease outlives the attempt it covers (its timeout), so a crashed node's deliveries are retried, never sent twice at once. */
const LEASE_MARGIN_MS = 30_000;
/** Retries wait base × these (10 s, 30 s, 2 min, 10 min, 30 min, then 1 h each with the default base). */
const BACKOFF_STEPS = [1, 3, 12, 60, 180, 360] as const;

/** The wait before attempt `attempts + 1`, with ±20 % jitter so receivers that came back are not hit all at once. */
function backoffMs(attempts: number, baseMs: number): number {
  const step = BACKOFF_STEPS[Math.min(attempts, BACKOFF_STEPS.length) - 1] ?? 1;
  return Math.round(baseMs * step * (0.8 + Math.random() * 0.4));
}

export interface WebhookWorker {
  /** Deliver due webhooks now (after a commit that queued some) instead of waiting for the poll. */
  kick(): void;
  /** Runs due deliveries now, retries that fall due meanwhile included, and resolves once none is in flight (tests). */
  sweepNow(): Promise<void>;
  /** Claims nothing more; deliveries in flight are cut short and retried later. */
  stop(): Promise<void>;
}

/**
 * Delivers the webhook outbox (webhook-sink.ts writes it): leases due rows (webhook-deliveries-repo,
 * SKIP LOCKED, so several nodes share the work), POSTs each signed (webhook-signature.ts) under the
 * host rule with a timeout (webhook-post.ts), up to CONCURRENCY at once, and records the outcome:
 * delivered; retried with backoff up to WEBHOOK_MAX_ATTEMPTS, then failed; or failed at once when the
 * receiver said no (a 4xx other than 429). Modelled on the mail worker, with the reply worker's free slots.
 */
export function startWebhookWorker(ctx: AppContext): WebhookWorker {
  const { timeoutMs, maxAttempts, retryBaseMs } = ctx.config.webhooks;
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();

  /** One attempt; a delivery that cannot be made at all (no URL any more, no readable secret) is rejected without a POST. */
  async function attempt({ delivery, target }: ClaimedDelivery): Promise<PostOutcome> {
    if (!target?.webhookUrl) return { kind: 'rejected', status: 0, error: 'The agent has no webhook URL any more' };
    const sealed = target.webhookSecretSealed;
    const secret = sealed ? decryptHeaders({ secretKey: ctx.config.mcp.secretKey, jwtSecret: ctx.config.jwtSecret }, target.teamId, sealed)?.secret : undefined;
    // Never sent unsigned: a receiver could not tell it from a forgery.
    if (!secret) return { kind: 'rejected', status: 0, error: "The webhook secret cannot be read (the server's key changed): rotate the agent's token for a new one" };
    const rawBody = JSON.stringify({ id: delivery.id, event: delivery.event, createdAt: delivery.createdAt.toISOString(), data: delivery.payload });
    const headers = webhookHeaders({ secret, event: delivery.event, deliveryId: delivery.id, rawBody });
    return postWebhook(target.webhookUrl, rawBody, headers, { allowedHosts: ctx.config.mcp.allowedHosts, timeoutMs }, stopping.signal);
  }

  async function deliver(claimed: ClaimedDelivery) {
    const { delivery } = claimed;
    // A node that died mid-attempt left its lease: past the last attempt, the delivery is given up unsent.
    const outcome: PostOutcome =
      delivery.attempts > maxAttempts ? { kind: 'rejected', status: 0, error: `Gave up after ${maxAttempts} attempts` } : await attempt(claimed);
    const log = { deliveryId: delivery.id, agentId: delivery.agentId, event: delivery.event, attempts: delivery.attempts };
    if (outcome.kind === 'delivered') {
      await recordAttempt(ctx.db, delivery.id, { status: 'delivered', lastStatus: outcome.status, lastError: null });
      ctx.logger.debug({ ...log, status: outcome.status }, 'webhook delivered');
      return;
    }
    const retry = outcome.kind === 'retry' && delivery.attempts < maxAttempts;
    const lastStatus = outcome.status || null;
    if (retry) {
      // One cut short by this node stopping is due again at once (another node, or this one restarted, takes it).
      const nextAttemptAt = new Date(Date.now() + (stopping.signal.aborted ? 0 : backoffMs(delivery.attempts, retryBaseMs)));
      await recordAttempt(ctx.db, delivery.id, { status: 'pending', lastStatus, lastError: outcome.error, nextAttemptAt });
    } else {
      await recordAttempt(ctx.db, delivery.id, { status: 'failed', lastStatus, lastError: outcome.error });
    }
    ctx.logger.warn({ ...log, status: lastStatus, error: outcome.error, willRetry: retry }, 'webhook delivery failed');
  }

  function start(claimed: ClaimedDelivery) {
    const id = claimed.delivery.id;
    const done = deliver(claimed)
      .catch((error: unknown) => ctx.logger.error({ err: error, deliveryId: id }, 'webhook delivery crashed'))
      .finally(() => {
        running.delete(id);
        loop.kick();
      });
    running.set(id, done);
  }

  // One pass claims what free slots allow; a claim that took any may have left more due.
  const loop = startPollLoop({
    pollMs: POLL_MS,
    pass: async () => {
      const free = CONCURRENCY - running.size;
      if (free <= 0 || stopping.signal.aborted) return false;
      const leaseUntil = new Date(Date.now() + timeoutMs + LEASE_MARGIN_MS);
      const claimed = await inTransaction(ctx.db, (tx) => claimDueDeliveries(tx, { limit: free, perAgent: PER_AGENT, leaseUntil }));
      claimed.forEach(start);
      return claimed.length > 0;
    },
    onError: (error) => ctx.logger.error({ err: error }, 'webhook worker pass failed'),
  });

  return {
    kick: loop.kick,
    async sweepNow() {
      loop.kick();
      for (;;) {
        await loop.idle();
        if (running.size === 0) return;
        await Promise.all(running.values());
      }
    },
    async stop() {
      stopping.abort();
      await loop.stop();
      await Promise.all(running.values());
    },
  };
}
