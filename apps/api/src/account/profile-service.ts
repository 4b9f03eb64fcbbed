import type { TProfile, TUpdateProfileRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { publishAgentUpdated } from '../users/agent-updated';
import { presentProfile } from '../users/presenters';
import { lockAgent, updateAccount, updateAgentProfile } from '../users/users-repo';
import { loadAccount } from './account-checks';

/**
 * PATCH /users/me: names and the role shown on cards, and the language of the app and the mail.
 * Everyone who sees the person hears a name change at once (`agent.updated`, after the commit), so
 * every card in every open tab follows; the language is the person's own (`/auth/me` answers it).
 */
export async function updateProfile(ctx: AppContext, accountId: string, agentId: string, input: TUpdateProfileRequest): Promise<TProfile> {
  const { locale, ...names } = input;
  return inTransaction(ctx.db, async (tx) => {
    const row = await loadAccount(tx, accountId);
    if (locale !== undefined) await updateAccount(tx, accountId, { locale });
    if (Object.values(names).every((value) => value === undefined)) return presentProfile(row.account, row.agent);
    await lockAgent(tx, agentId);
    const agent = await updateAgentProfile(tx, agentId, names);
    if (!agent) return presentProfile(row.account, row.agent);
    publishAgentUpdated(ctx.events, agent);
    return presentProfile(row.account, agent);
  });
}
