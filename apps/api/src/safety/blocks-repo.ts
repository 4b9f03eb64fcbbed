import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AgentRow } from '../db/rows';
import { agentBlocks, agents } from '../db/schema';

/** Idempotent: blocking twice keeps the first block. */
export async function insertBlock(db: DbOrTx, blockerAgentId: string, blockedAgentId: string): Promise<void> {
  await db.insert(agentBlocks).values({ blockerAgentId, blockedAgentId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerAgentId: string, blockedAgentId: string): Promise<void> {
  await db.delete(agentBlocks).where(and(eq(agentBlocks.blockerAgentId, blockerAgentId), eq(agentBlocks.blockedAgentId, blockedAgentId)));
}

/** The agents `blockerAgentId` blocked, oldest block first. */
export async function findBlockedAgents(db: DbOrTx, blockerAgentId: string): Promise<AgentRow[]> {
  const rows = await db
    .select({ agent: agents })
    .from(agentBlocks)
    .innerJoin(agents, eq(agents.id, agentBlocks.blockedAgentId))
    .where(eq(agentBlocks.blockerAgentId, blockerAgentId))
    .orderBy(asc(agentBlocks.createdAt));
  return rows.map((row) => row.agent);
}
