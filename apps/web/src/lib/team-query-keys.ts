/**
 * Query keys, all under the signed-in user's id so switching accounts never shows another user's
 * data. Freshness is the query client's default: 5 minutes (CACHE_LIFETIME_MS).
 */
export const teamKeys = {
  all: (userId: string | undefined) => ['teams', userId] as const,
  team: (userId: string | undefined, handle: string) => ['teams', userId, 'team', handle.toLowerCase()] as const,
  agents: (userId: string | undefined, handle: string) => ['teams', userId, 'agents', handle.toLowerCase()] as const,
  /** Every team's roster (the prefix of `agents`). */
  rosters: (userId: string | undefined) => ['teams', userId, 'agents'] as const,
  usage: (userId: string | undefined, handle: string, days: number) => ['teams', userId, 'usage', handle.toLowerCase(), days] as const,
  /** Teams I own that were deleted and can still be restored. */
  deleted: (userId: string | undefined) => ['teams', userId, 'deleted'] as const,
};

/** Query key of the signed-in user's team list; per user, so switching accounts never shows stale teams. */
export const myTeamsKey = (userId: string | undefined) => ['teams', 'mine', userId] as const;
