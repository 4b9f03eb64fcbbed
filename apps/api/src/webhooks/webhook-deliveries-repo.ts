import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { ExternalAgentRow, WebhookDeliveryRow } from '../db/rows';
import { externalAgents, webhookDeliveries } from '../db/schema';

/** Of these agents, the ones with a webhook URL (one primary-key lookup; most have none). */
export async function agentsWithWebhooks(db: DbOrTx, agentIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ agentId: externalAgents.agentId })
    .from(externalAgents)
    .where(and(inArray(externalAgents.agentId, agentIds), isNotNull(externalAgents.webhookUrl)));
  return new Set(rows.map((r) => r.agentId));
}

export async function insertWebhookDeliveries(db: DbOrTx, rows: { agentId: string; event: string; payload: Record<string, unknown> }[]): Promise<void> {
  await db.insert(webhookDeliveries).values(rows);
}

/** A claimed delivery with where it goes: the agent's URL and sealed secret as they are now (null: turned off since). */
export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  target: Pick<ExternalAgentRow, 'teamId' | 'webhookUrl' | 'webhookSecretSealed'> | null;
}

const isDue = (now: Date) =>
  and(
    eq(webhookDeliveries.status, 'pending'),
    lte(webhookDeliveries.nextAttemptAt, now),
    or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now)),
  );

/**
 * Leases up to `limit` due deliveries until `leaseUntil` (their attempts count one more), at most
 * `perAgent` in flight for any one agent across every node, so a receiver that hangs holds its own
 * deliveries only. The candidates are locked with SKIP LOCKED: nodes claiming at once take different
 * rows. Agents already at their share are left out in the query, so their backlog never hides others'.
 */
export async function claimDueDeliveries(db: DbOrTx, options: { limit: number; perAgent: number; leaseUntil: Date }): Promise<ClaimedDelivery[]> {
  const now = new Date();
  const busy = db
    .select({ agentId: webhookDeliveries.agentId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.leaseUntil, now)))
    .groupBy(webhookDeliveries.agentId)
    .having(sql`${count()} >= ${options.perAgent}`);
  const candidates = await db
    .select({ id: webhookDeliveries.id, agentId: webhookDeliveries.agentId })
    .from(webhookDeliveries)
    .where(and(isDue(now), notInArray(webhookDeliveries.agentId, busy)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(options.limit * 4)
    .for('update', { skipLocked: true });
  const taken = new Map<string, number>();
  const ids: string[] = [];
  for (const candidate of candidates) {
    if (ids.length === options.limit) break;
    const n = taken.get(candidate.agentId) ?? 0;
    if (n >= options.perAgent) continue;
    taken.set(candidate.agentId, n + 1);
    ids.push(candidate.id);
  }
  if (ids.length === 0) return [];
  const claimed = await db
    .update(webhookDeliveries)
    .set({ leaseUntil: options.leaseUntil, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, ids))
    .returning();
  const targets = await db
    .select({ agentId: externalAgents.agentId, teamId: externalAgents.teamId, webhookUrl: externalAgents.webhookUrl, webhookSecretSealed: externalAgents.webhookSecretSealed })
    .from(externalAgents)
    .where(inArray(externalAgents.agentId, [...taken.keys()]));
  const byAgent = new Map(targets.map((t) => [t.agentId, t]));
  return claimed.map((delivery) => ({ delivery, target: byAgent.get(delivery.agentId) ?? null }));
}

/** The outcome of one attempt: delivered, retried at `nextAttemptAt`, or given up. */
export async function recordAttempt(
  db: DbOrTx,
  deliveryId: string,
  outcome: { status: 'delivered' | 'pending' | 'failed'; lastStatus: number | null; lastError: string | null; nextAttemptAt?: Date },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lastStatus: outcome.lastStatus,
      lastError: outcome.lastError,
      leaseUntil: null,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.status === 'delivered' ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Whether the agent is an external agent of the team. */
export async function isExternalAgentOfTeam(db: DbOrTx, teamId: string, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ agentId: externalAgents.agentId })
    .from(externalAgents)
    .where(and(eq(externalAgents.agentId, agentId), eq(externalAgents.teamId, teamId)));
  return Boolean(row);
}

/** The agent's newest deliveries, newest first. */
export async function latestDeliveries(db: DbOrTx, agentId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.agentId, agentId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
