import { apiRequest } from './api-client';

/** The part of a team the shell needs; the teams screens extend it. */
export interface TTeamSummary {
  id: string;
  name: string;
  handle: string;
  description?: string;
  createdAt?: string;
}

/** GET /teams: the signed-in user's teams, oldest first. */
export const fetchMyTeams = () => apiRequest<{ teams: TTeamSummary[] }>('/teams').then((d) => d.teams);
