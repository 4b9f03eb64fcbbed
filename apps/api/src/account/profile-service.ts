import type { TProfile, TUpdateProfileRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { publishAgentUpdated } from '../users/agent-updated';
import { presentProfile } from '../users/presenters';
import { lockAgent, updateAgentProfile } from '../users/users-repo';
import { loadAccount } from './account-checks';

/**
 * PATCH /users/me: names and the role shown on cards. Everyone who sees the person hears it at once
 * (`agent.updated`, after the commit), so every card in every open tab follows.
 */
export async function updateProfile(ctx: AppContext, accountId: string, agentId: string, input: TUpdateProfileRequest): Promise<TProfile> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await loadAccount(tx, accountId);
    await lockAgent(tx, agentId);
    const agent = await updateAgentProfile(tx, agentId, input);
    if (!agent) return presentProfile(row.account, row.agent);
    publishAgentUpdated(ctx.events, agent);
    return presentProfile(row.account, agent);
  });
}
