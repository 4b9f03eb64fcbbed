import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentTools } from '../../db/schema';

/** The policies a team's managers set for an agent's tools (tools without a row take their default). */
export function findAgentToolPolicies(db: DbOrTx, agentId: string) {
  return db.select().from(agentTools).where(eq(agentTools.agentId, agentId));
}
