import {
  TEAM_FETCH_ERRORS,
  type TAddMemberRequest,
  type TAgentResponse,
  type TChangeMemberRoleRequest,
  type TCreateAiAgentRequest,
  type TCreateTeamRequest,
  type TProfile,
  type TTeamAgentResponse,
  type TTeamAgentsResponse,
  type TTeamResponse,
  type TTeamsResponse,
  type TTeamUsageResponse,
  type TUpdateAiAgentRequest,
  type TUpdateTeamRequest,
} from '@agentroom/shared';
import { http } from './api-client';

const teamPath = (handle: string) => `/teams/${encodeURIComponent(handle)}`;
const agentPath = (usernameOrId: string) => `/agents/${encodeURIComponent(usernameOrId)}`;

/** The team and agent calls of DESIGN §4, one function each. */
export const teamApi = {
  myTeams: () => http.get<TTeamsResponse>('/teams', { fallback: TEAM_FETCH_ERRORS.teams }).then((d) => d.teams),

  team: (handle: string) => http.get<TTeamResponse>(teamPath(handle), { fallback: TEAM_FETCH_ERRORS.team }).then((d) => d.team),

  agents: (handle: string) =>
    http.get<TTeamAgentsResponse>(`${teamPath(handle)}/agents`, { fallback: TEAM_FETCH_ERRORS.agents }).then((d) => d.agents),

  agent: (username: string) => http.get<TAgentResponse>(agentPath(username), { fallback: TEAM_FETCH_ERRORS.agent }).then((d) => d.agent),

  myProfile: () => http.get<{ profile: TProfile }>('/users/me').then((d) => d.profile),

  createTeam: (input: TCreateTeamRequest) => http.post<TTeamResponse>('/teams', input).then((d) => d.team),

  addMember: (handle: string, input: TAddMemberRequest) =>
    http.post<TTeamAgentResponse>(`${teamPath(handle)}/members`, input).then((d) => d.agent),

  leave: (handle: string) => http.delete<unknown>(`${teamPath(handle)}/members/me`),

  changeRole: (handle: string, agentId: string, input: TChangeMemberRoleRequest) =>
    http.patch<TTeamAgentResponse>(`${teamPath(handle)}/members/${encodeURIComponent(agentId)}`, input).then((d) => d.agent),

  removeMember: (handle: string, agentId: string) => http.delete<unknown>(`${teamPath(handle)}/members/${encodeURIComponent(agentId)}`),

  updateTeam: (handle: string, input: TUpdateTeamRequest) => http.patch<TTeamResponse>(teamPath(handle), input).then((d) => d.team),

  deleteTeam: (handle: string) => http.delete<unknown>(teamPath(handle)),

  /** AI tokens per day by AI agent and by the person who asked (owners). */
  usage: (handle: string, days: number) => http.get<TTeamUsageResponse>(`${teamPath(handle)}/usage?days=${days}`),

  createAiAgent: (handle: string, input: TCreateAiAgentRequest) =>
    http.post<TTeamAgentResponse>(`${teamPath(handle)}/agents`, input).then((d) => d.agent),

  updateAiAgent: (id: string, input: TUpdateAiAgentRequest) => http.patch<TAgentResponse>(agentPath(id), input).then((d) => d.agent),
};
