import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { agents } from '../db/schema';

/** The agent's row (status and do-not-disturb columns included). */
export async function findAttentionAgent(db: DbOrTx, agentId: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return row;
}

/** Sets a person's status and/or do-not-disturb columns; answers the updated row. */
export async function updateAttention(
  tx: DbOrTx,
  agentId: string,
  changes: Partial<Pick<AgentRow, 'statusText' | 'statusExpiresAt' | 'dndUntil' | 'dndSchedule'>>,
): Promise<AgentRow | undefined> {
  const [row] = await tx.update(agents).set(changes).where(eq(agents.id, agentId)).returning();
  return row;
}
