import { z } from 'zod';

/**
 * A team's AI usage: tokens per day by AI agent and by the person whose message started
 * the replies. Owners read it for the last `days` days (UTC), today included.
 */
export const USAGE_DAYS_DEFAULT = 7;
export const USAGE_DAYS_MAX = 90;

export const ZTeamUsageQuery = z.object({
  days: z.coerce.number().int().min(1).max(USAGE_DAYS_MAX).optional().default(USAGE_DAYS_DEFAULT),
});
export type TTeamUsageQuery = z.input<typeof ZTeamUsageQuery>;
