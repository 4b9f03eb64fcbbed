import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents, agentTokens, externalAgents, teams, webhookDeliveries } from '../db/schema';
import type { AgentRow, AgentTokenRow, ExternalAgentRow } from '../db/rows';

/** Deliveries counted in the managers' view: the last day's. */
const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function insertExternalAgentSettings(db: DbOrTx, values: typeof externalAgents.$inferInsert) {
  const [row] = await db.insert(externalAgents).values(values).returning();
  return row!;
}

/** A new live token for the agent; any earlier live token is revoked in the same statement's transaction. Answers the ids revoked. */
export async function replaceAgentToken(db: DbOrTx, values: { id: string; agentId: string; tokenHash: string; hint: string; createdBy: string | null }): Promise<string[]> {
  const revoked = await revokeAgentTokens(db, values.agentId);
  await db.insert(agentTokens).values(values);
  return revoked;
}

/** Revokes the agent's live tokens; answers their ids (each one's sockets close, its cache entry is forgotten). */
export async function revokeAgentTokens(db: DbOrTx, agentId: string): Promise<string[]> {
  const rows = await db
    .update(agentTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(agentTokens.agentId, agentId), isNull(agentTokens.revokedAt)))
    .returning({ id: agentTokens.id });
  return rows.map((r) => r.id);
}

export interface ExternalAgentWithSettings {
  agent: AgentRow;
  settings: ExternalAgentRow;
}

/** The team's external agents (seated ones: removing one deletes its settings row), oldest first. */
export async function findTeamExternalAgents(db: DbOrTx, teamId: string): Promise<ExternalAgentWithSettings[]> {
  return db
    .select({ agent: agents, settings: externalAgents })
    .from(externalAgents)
    .innerJoin(agents, eq(agents.id, externalAgents.agentId))
    .where(and(eq(externalAgents.teamId, teamId), isNull(agents.deletedAt)))
    .orderBy(externalAgents.createdAt, agents.id);
}

/** One external agent of the team, or undefined (another team's, an AI agent, a person, a removed one). */
export async function findTeamExternalAgent(db: DbOrTx, teamId: string, agentId: string): Promise<ExternalAgentWithSettings | undefined> {
  const [row] = await db
    .select({ agent: agents, settings: externalAgents })
    .from(externalAgents)
    .innerJoin(agents, eq(agents.id, externalAgents.agentId))
    .where(and(eq(externalAgents.teamId, teamId), eq(externalAgents.agentId, agentId), isNull(agents.deletedAt)))
    .limit(1);
  return row;
}

/** Locks the settings row, so two managers' rotations or removals of one agent run one after the other. */
export async function lockExternalAgent(db: DbOrTx, agentId: string): Promise<void> {
  await db.select({ id: externalAgents.agentId }).from(externalAgents).where(eq(externalAgents.agentId, agentId)).for('update');
}

export async function updateExternalAgentSettings(
  db: DbOrTx,
  agentId: string,
  values: Partial<Pick<ExternalAgentRow, 'listensTo' | 'webhookUrl' | 'webhookSecretSealed'>>,
): Promise<ExternalAgentRow> {
  const [row] = await db.update(externalAgents).set(values).where(eq(externalAgents.agentId, agentId)).returning();
  return row!;
}

export async function deleteExternalAgentSettings(db: DbOrTx, agentId: string): Promise<void> {
  await db.delete(externalAgents).where(eq(externalAgents.agentId, agentId));
}

/** Each agent's live token (at most one), by agent id. */
export async function findLiveTokensOf(db: DbOrTx, agentIds: string[]): Promise<Map<string, AgentTokenRow>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(agentTokens)
    .where(and(inArray(agentTokens.agentId, agentIds), isNull(agentTokens.revokedAt)))
    .orderBy(desc(agentTokens.createdAt));
  const byAgent = new Map<string, AgentTokenRow>();
  for (const row of rows) if (!byAgent.has(row.agentId)) byAgent.set(row.agentId, row);
  return byAgent;
}

export interface WebhookHealthRow {
  delivered: number;
  pending: number;
  failed: number;
  lastError: string | null;
}

/** Each agent's webhook deliveries of the last day by status, and its newest error (of any age). */
export async function findWebhookHealthOf(db: DbOrTx, agentIds: string[], now = new Date()): Promise<Map<string, WebhookHealthRow>> {
  const health = new Map<string, WebhookHealthRow>(agentIds.map((id) => [id, { delivered: 0, pending: 0, failed: 0, lastError: null }]));
  if (agentIds.length === 0) return health;
  const counts = await db
    .select({ agentId: webhookDeliveries.agentId, status: webhookDeliveries.status, count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.agentId, agentIds), gt(webhookDeliveries.createdAt, new Date(now.getTime() - HEALTH_WINDOW_MS))))
    .groupBy(webhookDeliveries.agentId, webhookDeliveries.status);
  for (const { agentId, status, count } of counts) health.get(agentId)![status] = Number(count);
  const errors = await db
    .selectDistinctOn([webhookDeliveries.agentId], { agentId: webhookDeliveries.agentId, lastError: webhookDeliveries.lastError })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.agentId, agentIds), isNotNull(webhookDeliveries.lastError)))
    .orderBy(webhookDeliveries.agentId, desc(webhookDeliveries.createdAt));
  for (const { agentId, lastError } of errors) health.get(agentId)!.lastError = lastError;
  return health;
}

/** Who an agent token speaks for: its agent, team and setting (the token was checked live a moment ago). */
export async function findAgentSelf(db: DbOrTx, agentId: string) {
  const [row] = await db
    .select({ agent: agents, settings: externalAgents, team: { id: teams.id, handle: teams.handle, name: teams.name } })
    .from(externalAgents)
    .innerJoin(agents, eq(agents.id, externalAgents.agentId))
    .innerJoin(teams, eq(teams.id, externalAgents.teamId))
    .where(and(eq(externalAgents.agentId, agentId), isNull(agents.deletedAt), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}
