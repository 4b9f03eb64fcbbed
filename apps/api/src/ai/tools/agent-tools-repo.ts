import { eq } from 'drizzle-orm';
import type { TToolApprovers, TToolPolicy } from '@agentroom/shared';
import type { DbOrTx } from '../../db/client';
import { agentTools } from '../../db/schema';

/** The policies a team's managers set for an agent's tools (tools without a row take their default). */
export function findAgentToolPolicies(db: DbOrTx, agentId: string) {
  return db.select().from(agentTools).where(eq(agentTools.agentId, agentId));
}

export interface AgentToolPolicyChange {
  serverId: string | null;
  toolName: string;
  policy: TToolPolicy;
  /** Omitted: a new row takes the default, an existing one keeps its approvers. */
  approvers?: TToolApprovers;
}

/** Sets one tool's policy for an agent (one row per agent, server and tool; a built-in tool has no server). */
export async function upsertAgentToolPolicy(db: DbOrTx, agentId: string, updatedBy: string, change: AgentToolPolicyChange): Promise<void> {
  const approvers = change.approvers ? { approvers: change.approvers } : {};
  await db
    .insert(agentTools)
    .values({ agentId, serverId: change.serverId, toolName: change.toolName, policy: change.policy, updatedBy, ...approvers })
    .onConflictDoUpdate({
      target: [agentTools.agentId, agentTools.serverId, agentTools.toolName],
      set: { policy: change.policy, updatedBy, updatedAt: new Date(), ...approvers },
    });
}
