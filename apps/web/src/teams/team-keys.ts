import { queryOptions } from '@tanstack/react-query';
import { teamApi } from '../api/team-api';

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
};

/** One team by handle, for `useTeam` and the /t/:handle route loader (which starts it beside the layout's code). */
export const teamQuery = (userId: string | undefined, handle: string) =>
  queryOptions({ queryKey: teamKeys.team(userId, handle), queryFn: () => teamApi.team(handle) });

/** A team's agents, for `useTeamAgents` and the /t/:handle route loader. */
export const teamAgentsQuery = (userId: string | undefined, handle: string) =>
  queryOptions({ queryKey: teamKeys.agents(userId, handle), queryFn: () => teamApi.agents(handle) });

/** Query key of the signed-in user's team list; per user, so switching accounts never shows stale teams. */
export const myTeamsKey = (userId: string | undefined) => ['teams', 'mine', userId] as const;

/** The signed-in user's teams, for `useMyTeams` and the app shell's route loader. */
export const myTeamsQuery = (userId: string | undefined) => queryOptions({ queryKey: myTeamsKey(userId), queryFn: teamApi.myTeams });
