import type {
  TAddMemberRequest,
  TAgent,
  TCreateAiAgentRequest,
  TCreateTeamRequest,
  TProfile,
  TTeam,
  TTeamAgent,
  TUpdateAiAgentRequest,
} from '@agentroom/shared';
import { apiRequest } from '../api/api-client';
import { withFallback } from '../api/api-error';

/** Spec §8 fetch fallbacks: used when the server gave no message of its own. */
export const TEAM_FETCH_ERRORS = {
  team: 'Failed to fetch team',
  agents: 'Failed to fetch team agents',
  teams: 'Failed to fetch teams',
  agent: 'Failed to fetch agent',
} as const;

async function call<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw withFallback(error, fallback);
  }
}

const path = (handle: string) => `/teams/${encodeURIComponent(handle)}`;

/** The team and agent calls of DESIGN §4, one function each. */
export const teamApi = {
  myTeams: () => call(() => apiRequest<{ teams: TTeam[] }>('/teams'), TEAM_FETCH_ERRORS.teams).then((d) => d.teams),

  team: (handle: string) =>
    call(() => apiRequest<{ team: TTeam }>(path(handle)), TEAM_FETCH_ERRORS.team).then((d) => d.team),

  agents: (handle: string) =>
    call(() => apiRequest<{ agents: TTeamAgent[] }>(`${path(handle)}/agents`), TEAM_FETCH_ERRORS.agents).then(
      (d) => d.agents,
    ),

  agent: (username: string) =>
    call(() => apiRequest<{ agent: TAgent }>(`/agents/${encodeURIComponent(username)}`), TEAM_FETCH_ERRORS.agent).then(
      (d) => d.agent,
    ),

  myProfile: () => apiRequest<{ profile: TProfile }>('/users/me').then((d) => d.profile),

  createTeam: (input: TCreateTeamRequest) =>
    apiRequest<{ team: TTeam }>('/teams', { method: 'POST', body: input }).then((d) => d.team),

  addMember: (handle: string, input: TAddMemberRequest) =>
    apiRequest<{ agent: TTeamAgent }>(`${path(handle)}/members`, { method: 'POST', body: input }).then((d) => d.agent),

  leave: (handle: string) => apiRequest<unknown>(`${path(handle)}/members/me`, { method: 'DELETE' }),

  createAiAgent: (handle: string, input: TCreateAiAgentRequest) =>
    apiRequest<{ agent: TTeamAgent }>(`${path(handle)}/agents`, { method: 'POST', body: input }).then((d) => d.agent),

  updateAiAgent: (id: string, input: TUpdateAiAgentRequest) =>
    apiRequest<{ agent: TAgent }>(`/agents/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }).then(
      (d) => d.agent,
    ),
};
