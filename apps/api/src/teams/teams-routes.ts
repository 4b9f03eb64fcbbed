import { createAiAgent } from './team-agents-service';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import * as teams from './teams-service';
import * as teamAdmin from './team-admin-service';
import { listDeletedTeams, restoreTeam } from './team-restore-service';

/** Teams and their members; the rows in the route table say who may call and what each answers. */
export const teamsRoutes = (ctx: AppContext) =>
  defineHandlers({
    listTeams: async ({ auth }) => ({ teams: await teams.listMyTeams(ctx, auth.agentId) }),
    createTeam: async ({ auth, body }) => ({ team: await teams.createTeam(ctx, auth.agentId, body) }),
    getTeam: async ({ auth, params }) => ({ team: await teams.getTeam(ctx, params.handle, auth.agentId) }),
    updateTeam: async ({ auth, params, body }) => ({ team: await teamAdmin.updateTeam(ctx, params.handle, auth.agentId, body) }),
    deleteTeam: async ({ auth, params }) => {
      await teamAdmin.deleteTeam(ctx, params.handle, auth.agentId);
      return { deleted: true };
    },
    listTeamAgents: async ({ auth, params }) => ({ agents: await teams.listTeamAgents(ctx, params.handle, auth.agentId) }),
    createAiAgent: async ({ auth, params, body }) => ({ agent: await createAiAgent(ctx, params.handle, auth.agentId, body) }),
    addTeamMember: async ({ auth, params, body }) => ({ agent: await teams.addMember(ctx, params.handle, auth.agentId, body) }),
    leaveTeam: async ({ auth, params }) => {
      await teams.leaveTeam(ctx, params.handle, auth.agentId);
      return { left: true };
    },
    changeMemberRole: async ({ auth, params, body }) => ({
      agent: await teamAdmin.changeMemberRole(ctx, params.handle, auth.agentId, params.agentId, body),
    }),
    removeTeamMember: async ({ auth, params }) => {
      await teamAdmin.removeMember(ctx, params.handle, auth.agentId, params.agentId);
      return { removed: true };
    },
    listDeletedTeams: async ({ auth }) => ({ teams: await listDeletedTeams(ctx, auth.agentId) }),
    restoreTeam: async ({ auth, params }) => ({ team: await restoreTeam(ctx, params.handle, auth.agentId) }),
  });
