import { and, eq, sql } from 'drizzle-orm';
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
  input: { agentId: string; teamId: string | null; promptTokens: number; completionTokens: number },
) {
  await db
    .insert(aiUsage)
    .values({ ...input, day: usageDay(), replies: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.agentId, aiUsage.teamId, aiUsage.day],
      set: {
        promptTokens: sql`${aiUsage.promptTokens} + ${input.promptTokens}`,
        completionTokens: sql`${aiUsage.completionTokens} + ${input.completionTokens}`,
        replies: sql`${aiUsage.replies} + 1`,
      },
    });
}
