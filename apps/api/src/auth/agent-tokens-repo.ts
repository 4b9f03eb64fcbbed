import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents, agentTokens, externalAgents, teams } from '../db/schema';

/** A token that works: not revoked, its agent not removed, its team not deleted. */
export async function findLiveAgentToken(db: DbOrTx, tokenId: string) {
  const [row] = await db
    .select({ id: agentTokens.id, agentId: agentTokens.agentId, tokenHash: agentTokens.tokenHash, teamId: externalAgents.teamId })
    .from(agentTokens)
    .innerJoin(externalAgents, eq(externalAgents.agentId, agentTokens.agentId))
    .innerJoin(agents, eq(agents.id, agentTokens.agentId))
    .innerJoin(teams, eq(teams.id, externalAgents.teamId))
    .where(and(eq(agentTokens.id, tokenId), isNull(agentTokens.revokedAt), isNull(agents.deletedAt), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}

export async function touchAgentToken(db: DbOrTx, tokenId: string) {
  await db.update(agentTokens).set({ lastUsedAt: new Date() }).where(eq(agentTokens.id, tokenId));
}
