import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agentTokens, externalAgents } from '../db/schema';

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
