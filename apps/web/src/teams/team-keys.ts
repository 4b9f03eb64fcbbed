import { queryOptions } from '@tanstack/react-query';
import { teamApi } from '../api/team-api';
import { myTeamsKey, teamKeys } from '../lib/team-query-keys';

// The keys live in lib/ because the realtime cache patches team data too; teams/ builds the queries.
export { myTeamsKey, teamKeys };

/** One team by handle, for `useTeam` and the /t/:handle route loader (which starts it beside the layout's code). */
export const teamQuery = (userId: string | undefined, handle: string) =>
  queryOptions({ queryKey: teamKeys.team(userId, handle), queryFn: () => teamApi.team(handle) });

/** A team's agents, for `useTeamAgents` and the /t/:handle route loader. */
export const teamAgentsQuery = (userId: string | undefined, handle: string) =>
  queryOptions({ queryKey: teamKeys.agents(userId, handle), queryFn: () => teamApi.agents(handle) });

/** The signed-in user's teams, for `useMyTeams` and the app shell's route loader. */
export const myTeamsQuery = (userId: string | undefined) => queryOptions({ queryKey: myTeamsKey(userId), queryFn: teamApi.myTeams });
