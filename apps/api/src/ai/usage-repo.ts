import { and, eq, gte, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, agents, aiUsage, teamMembers, teams, toolCalls } from '../db/schema';

/** A UTC day as usage counts it: YYYY-MM-DD. */
export const usageDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** Tokens a team spent today (UTC) across all its agents. */
export async function teamTokensToday(db: DbOrTx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)::int` })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.day, usageDay())));
  return Number(row?.total ?? 0);
}

/** Tokens today (UTC) of the replies `personId` started in the team (their messages, or chains they started). */
export async function personTokensToday(db: DbOrTx, teamId: string, personId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)::int` })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.requestedByAgentId, personId), eq(aiUsage.day, usageDay())));
  return Number(row?.total ?? 0);
}

export async function recordUsage(
  db: DbOrTx,
  input: { agentId: string; teamId: string | null; requestedByAgentId: string | null; promptTokens: number; completionTokens: number; replies?: number },
) {
  await db
    .insert(aiUsage)
    .values({ ...input, day: usageDay(), replies: input.replies ?? 1 })
    .onConflictDoUpdate({
      target: [aiUsage.agentId, aiUsage.teamId, aiUsage.requestedByAgentId, aiUsage.day],
      set: {
        promptTokens: sql`${aiUsage.promptTokens} + ${input.promptTokens}`,
        completionTokens: sql`${aiUsage.completionTokens} + ${input.completionTokens}`,
        replies: sql`${aiUsage.replies} + ${input.replies ?? 1}`,
      },
    });
}

interface UsageSums {
  day: string;
  promptTokens: number;
  completionTokens: number;
  replies: number;
}

/**
 * A team's tokens of the last `days` days (UTC, today included), per day and AI agent, and per day
 * and the person whose message started the replies (null: replies from before usage named them).
 */
export async function teamUsageRows(db: DbOrTx, teamId: string, days: number) {
  const to = usageDay();
  const from = usageDay(new Date(Date.now() - (days - 1) * 86_400_000));
  const sums = {
    day: aiUsage.day,
    promptTokens: sql<number>`sum(${aiUsage.promptTokens})::int`,
    completionTokens: sql<number>`sum(${aiUsage.completionTokens})::int`,
    replies: sql<number>`sum(${aiUsage.replies})::int`,
  };
  const inRange = and(eq(aiUsage.teamId, teamId), gte(aiUsage.day, from), lte(aiUsage.day, to));
  const [byAgent, byPerson] = await Promise.all([
    db.select({ ...sums, subjectId: aiUsage.agentId }).from(aiUsage).where(inRange).groupBy(aiUsage.day, aiUsage.agentId),
    db.select({ ...sums, subjectId: aiUsage.requestedByAgentId }).from(aiUsage).where(inRange).groupBy(aiUsage.day, aiUsage.requestedByAgentId),
  ]);
  return { from, to, byAgent: byAgent as (UsageSums & { subjectId: string })[], byPerson: byPerson as (UsageSums & { subjectId: string | null })[] };
}

/** The owners' budget settings of a team, with what a mail about it names (undefined: no such team). */
export async function findTeamBudgetSettings(db: DbOrTx, teamId: string) {
  const [row] = await db
    .select({ name: teams.name, handle: teams.handle, dailyTokenBudget: teams.dailyTokenBudget, personDailyTokenLimit: teams.personDailyTokenLimit })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function updateTeamBudgetSettings(db: DbOrTx, teamId: string, values: { dailyTokenBudget: number | null; personDailyTokenLimit: number | null }) {
  await db.update(teams).set(values).where(eq(teams.id, teamId));
}

/**
 * Marks that the team's owners were told today that it passed 80 % of its budget; true for the one
 * caller that marked it. The row is locked by the update, so of two nodes crossing at once the
 * second re-reads the day already set and answers false: one mail a day.
 */
export async function claimBudgetNoticeDay(db: DbOrTx, teamId: string, day: string): Promise<boolean> {
  const marked = await db
    .update(teams)
    .set({ budgetNoticeDay: day })
    .where(and(eq(teams.id, teamId), or(isNull(teams.budgetNoticeDay), ne(teams.budgetNoticeDay, day))))
    .returning({ id: teams.id });
  return marked.length > 0;
}

/** The email addresses of the team's owners (verified ones: the outbox sends to no one else). */
export async function findTeamOwnerEmails(db: DbOrTx, teamId: string): Promise<{ email: string; firstName: string }[]> {
  return db
    .select({ email: accounts.email, firstName: agents.firstName })
    .from(teamMembers)
    .innerJoin(accounts, eq(accounts.agentId, teamMembers.agentId))
    .innerJoin(agents, eq(agents.id, teamMembers.agentId))
    .where(
      and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt), sql`lower(${teamMembers.role}) = 'owner'`, isNotNull(accounts.emailVerifiedAt)),
    );
}

/** A team's tool calls of the days `from`..`to` (UTC), per day and tool as people read it: calls, and those that failed. */
export async function teamToolUsageRows(db: DbOrTx, teamId: string, from: string, to: string) {
  const day = sql<string>`to_char(${toolCalls.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      tool: toolCalls.toolTitle,
      calls: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where ${toolCalls.status} = 'error'))::int`,
    })
    .from(toolCalls)
    .where(and(eq(toolCalls.teamId, teamId), gte(toolCalls.createdAt, new Date(`${from}T00:00:00Z`)), lte(toolCalls.createdAt, new Date(`${to}T23:59:59.999Z`))))
    .groupBy(day, toolCalls.toolTitle);
  return rows.map((r) => ({ day: r.day, tool: r.tool, calls: Number(r.calls), errors: Number(r.errors) }));
}
