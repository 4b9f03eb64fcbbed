import { z } from 'zod';
import { ZTeamBudget, ZToolUsageRow } from './tools';

/** Who used tokens: an AI agent of the team, or the person whose message started the replies. */
export const ZUsageSubject = z
  .strictObject({ id: z.uuid(), username: z.string(), firstName: z.string(), lastName: z.string(), isAgent: z.boolean() })
  .meta({ id: 'UsageSubject' });
export type TUsageSubject = z.infer<typeof ZUsageSubject>;

/** Tokens of one day (UTC, YYYY-MM-DD) for one subject; `subject` null: replies from before usage named the person. */
export const ZUsageRow = z
  .strictObject({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    subject: ZUsageSubject.nullable(),
    promptTokens: z.number().int().nonnegative(),
    completionTokens: z.number().int().nonnegative(),
    totalTokens: z.number().int().nonnegative(),
    replies: z.number().int().nonnegative(),
  })
  .meta({ id: 'UsageRow' });
export type TUsageRow = z.infer<typeof ZUsageRow>;

/** GET /teams/:handle/usage: newest day first, then most tokens first. */
export const ZTeamUsageResponse = z.strictObject({
  /** The first and last day counted (UTC), `days` days in all. */
  from: z.string(),
  to: z.string(),
  days: z.number().int().positive(),
  /** The team's daily token budget, for comparison. */
  dailyTokenBudget: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
  byAgent: z.array(ZUsageRow),
  byPerson: z.array(ZUsageRow),
  /** The team's budget, its per-person limit and today's use against them. */
  budget: ZTeamBudget,
  /** Tool calls per day and tool, newest day first. */
  byTool: z.array(ZToolUsageRow),
});
export type TTeamUsageResponse = z.infer<typeof ZTeamUsageResponse>;
