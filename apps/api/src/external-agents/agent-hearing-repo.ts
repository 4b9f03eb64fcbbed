import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { externalAgents } from '../db/schema';

/** What each of these external agents listens to ('mentions' or 'all'), by agent id. */
export async function findListensTo(db: DbOrTx, agentIds: string[]): Promise<Map<string, string>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({ agentId: externalAgents.agentId, listensTo: externalAgents.listensTo })
    .from(externalAgents)
    .where(inArray(externalAgents.agentId, agentIds));
  return new Map(rows.map((r) => [r.agentId, r.listensTo]));
}
