import type { TTeamBudget, TTeamUsageResponse, TUpdateTeamBudgetRequest, TUsageRow, TUsageSubject } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { changedFields } from '../audit/audit-details';
import { findAgentsByIds } from './chat-link';
import { assertTeamOwner } from '../teams/team-access';
import { teamBudget } from './budgets';
import { teamToolUsageRows, teamUsageRows, updateTeamBudgetSettings } from './usage-repo';

/** GET /teams/:handle/usage (owners): tokens per day by AI agent and by the person who asked. */
export async function teamUsage(ctx: AppContext, agentId: string, handle: string, days: number): Promise<TTeamUsageResponse> {
  const { team } = await assertTeamOwner(ctx.db, handle, agentId);
  const { from, to, byAgent, byPerson } = await teamUsageRows(ctx.db, team.id, days);
  const [budget, byTool] = await Promise.all([teamBudget(ctx.db, ctx.config, team.id), teamToolUsageRows(ctx.db, team.id, from, to)]);
  const ids = [...new Set([...byAgent, ...byPerson].map((r) => r.subjectId).filter((id): id is string => id !== null))];
  const subjects = new Map(
    (await findAgentsByIds(ctx.db, ids)).map((a): [string, TUsageSubject] => [
      a.id,
      { id: a.id, username: a.username, firstName: a.firstName, lastName: a.lastName, isAgent: !a.isHuman },
    ]),
  );
  const present = (rows: typeof byPerson): TUsageRow[] =>
    rows
      .map((r) => ({
        day: r.day,
        subject: r.subjectId ? (subjects.get(r.subjectId) ?? null) : null,
        promptTokens: Number(r.promptTokens),
        completionTokens: Number(r.completionTokens),
        totalTokens: Number(r.promptTokens) + Number(r.completionTokens),
        replies: Number(r.replies),
      }))
      .sort((a, b) => b.day.localeCompare(a.day) || b.totalTokens - a.totalTokens);
  const agentRows = present(byAgent);
  return {
    from,
    to,
    days,
    dailyTokenBudget: ctx.config.ai.teamDailyTokenBudget,
    totalTokens: agentRows.reduce((sum, r) => sum + r.totalTokens, 0),
    byAgent: agentRows,
    byPerson: present(byPerson),
    budget,
    byTool: byTool.sort((a, b) => b.day.localeCompare(a.day) || b.calls - a.calls || a.tool.localeCompare(b.tool)),
  };
}

const formatTokens = (count: number) => count.toLocaleString('en-US');

/**
 * PUT /teams/:handle/budget (owners): the team's daily token budget (null: the operator's ceiling)
 * and a daily limit per person inside it (null: none). Neither may go above what contains it.
 */
export async function updateTeamBudget(ctx: AppContext, agentId: string, handle: string, input: TUpdateTeamBudgetRequest): Promise<{ budget: TTeamBudget }> {
  const { team } = await assertTeamOwner(ctx.db, handle, agentId);
  const ceiling = ctx.config.ai.teamDailyTokenBudget;
  const { dailyTokenBudget, personDailyTokenLimit } = input;
  if (dailyTokenBudget !== null && dailyTokenBudget > ceiling) {
    const message = `The daily budget can be at most ${formatTokens(ceiling)} tokens, the most this server allows.`;
    throw badRequest(message, { dailyTokenBudget: message });
  }
  const teamLimit = dailyTokenBudget ?? ceiling;
  if (personDailyTokenLimit !== null && personDailyTokenLimit > teamLimit) {
    const message = `The limit per person cannot be more than the team's daily budget (${formatTokens(teamLimit)} tokens).`;
    throw badRequest(message, { personDailyTokenLimit: message });
  }
  await inTransaction(ctx.db, async (tx) => {
    await updateTeamBudgetSettings(tx, team.id, { dailyTokenBudget, personDailyTokenLimit });
    const details = changedFields(team, { dailyTokenBudget, personDailyTokenLimit }, ['dailyTokenBudget', 'personDailyTokenLimit']);
    await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'team.budget_changed', target: { kind: 'team', id: team.id, name: team.name }, details });
  });
  return { budget: await teamBudget(ctx.db, ctx.config, team.id) };
}
