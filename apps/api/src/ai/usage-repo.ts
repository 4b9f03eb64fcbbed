import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { aiUsage } from '../db/schema';

const usageDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** Tokens a team spent today (UTC) across all its agents. */
export async function teamTokensToday(db: DbOrTx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)::int` })
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.day, usageDay())));
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
