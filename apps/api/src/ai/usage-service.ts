import type { TTeamUsageResponse, TUsageRow, TUsageSubject } from '@agentroom/shared';
import type { AppContext } from '../context';
import { findAgentsByIds } from './chat-link';
import { assertTeamOwner } from '../teams/team-access';
import { teamUsageRows } from './usage-repo';

/** GET /teams/:handle/usage (owners): tokens per day by AI agent and by the person who asked. */
export async function teamUsage(ctx: AppContext, agentId: string, handle: string, days: number): Promise<TTeamUsageResponse> {
  const { team } = await assertTeamOwner(ctx.db, handle, agentId);
  const { from, to, byAgent, byPerson } = await teamUsageRows(ctx.db, team.id, days);
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
    // Being built (decision 0024): the owners' budget and tool calls by tool.
    budget: { ceiling: ctx.config.ai.teamDailyTokenBudget, dailyTokenBudget: null, personDailyTokenLimit: null, effectiveDailyTokens: ctx.config.ai.teamDailyTokenBudget, usedToday: 0 },
    byTool: [],
  };
}
