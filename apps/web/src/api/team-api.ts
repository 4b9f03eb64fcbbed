import { TEAM_CHANGE_TEXTS, TEAM_FETCH_ERRORS } from '@agentroom/shared';
import type { TAddMemberRequest, TChangeMemberRoleRequest, TCreateAiAgentRequest, TCreateTeamRequest, TUpdateAiAgentRequest, TUpdateTeamRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** The team and agent calls, one function each. */
export const teamApi = {
  myTeams: () => call(routes.listTeams, { fallback: TEAM_FETCH_ERRORS.teams }).then((d) => d.teams),

  team: (handle: string) => call(routes.getTeam, { params: { handle }, fallback: TEAM_FETCH_ERRORS.team }).then((d) => d.team),

  agents: (handle: string) => call(routes.listTeamAgents, { params: { handle }, fallback: TEAM_FETCH_ERRORS.agents }).then((d) => d.agents),

  agent: (username: string) => call(routes.getAgent, { params: { agent: username }, fallback: TEAM_FETCH_ERRORS.agent }).then((d) => d.agent),

  myProfile: () => call(routes.getProfile).then((d) => d.profile),

  createTeam: (input: TCreateTeamRequest) => call(routes.createTeam, { body: input }).then((d) => d.team),

  addMember: (handle: string, input: TAddMemberRequest) => call(routes.addTeamMember, { params: { handle }, body: input }).then((d) => d.agent),

  leave: (handle: string) => call(routes.leaveTeam, { params: { handle } }),

  changeRole: (handle: string, agentId: string, input: TChangeMemberRoleRequest) =>
    call(routes.changeMemberRole, { params: { handle, agentId }, body: input }).then((d) => d.agent),

  removeMember: (handle: string, agentId: string) => call(routes.removeTeamMember, { params: { handle, agentId } }),

  updateTeam: (handle: string, input: TUpdateTeamRequest) => call(routes.updateTeam, { params: { handle }, body: input }).then((d) => d.team),

  deleteTeam: (handle: string) => call(routes.deleteTeam, { params: { handle } }),

  /** Teams I own that were deleted and can still be restored. */
  deletedTeams: () => call(routes.listDeletedTeams, { fallback: TEAM_CHANGE_TEXTS.deletedTeamsFailed }).then((d) => d.teams),

  restoreTeam: (handle: string) => call(routes.restoreTeam, { params: { handle }, fallback: TEAM_CHANGE_TEXTS.restoreFailed }).then((d) => d.team),

  /** AI tokens per day by AI agent and by the person who asked (owners). */
  usage: (handle: string, days: number) => call(routes.getTeamUsage, { params: { handle }, query: { days } }),

  createAiAgent: (handle: string, input: TCreateAiAgentRequest) =>
    call(routes.createAiAgent, { params: { handle }, body: input }).then((d) => d.agent),

  updateAiAgent: (id: string, input: TUpdateAiAgentRequest) => call(routes.updateAiAgent, { params: { agent: id }, body: input }).then((d) => d.agent),
};
