import { Router, type Request } from 'express';
import type { Redis } from 'ioredis';
import {
  ZAddMemberRequest,
  ZChangeMemberRoleRequest,
  ZCreateAiAgentRequest,
  ZCreateTeamRequest,
  ZUpdateTeamRequest,
} from '@agentroom/shared';
import { createAiAgent } from './team-agents-service';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import * as teams from './teams-service';
import * as teamAdmin from './team-admin-service';

/** A named path segment; Express types allow arrays for wildcards, which these routes do not use. */
export const pathParam = (req: Request, name: string): string => {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
};

/** Writes per client and window: generous for people, a brake for scripts. */
const TEAM_WRITES_PER_WINDOW = 300;

/** Teams (spec §2/§5, DESIGN §4). Every route: authenticate (verified) → validate → service → present. */
export function teamsRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  const writeLimit = createRateLimit({
    name: 'team-writes',
    windowMs: ctx.config.rateLimit.windowMs,
    limit: TEAM_WRITES_PER_WINDOW,
    redis,
  });

  router.get('/', verified, async (req, res) => {
    sendData(res, { teams: await teams.listMyTeams(ctx, authOf(req).agentId) });
  });

  router.post('/', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZCreateTeamRequest, req.body);
    sendData(res, { team: await teams.createTeam(ctx, authOf(req).agentId, input) }, 201);
  });

  router.get('/:handle', verified, async (req, res) => {
    sendData(res, { team: await teams.getTeam(ctx, pathParam(req, 'handle'), authOf(req).agentId) });
  });

  router.patch('/:handle', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZUpdateTeamRequest, req.body);
    sendData(res, { team: await teamAdmin.updateTeam(ctx, pathParam(req, 'handle'), authOf(req).agentId, input) });
  });

  router.delete('/:handle', writeLimit, verified, async (req, res) => {
    await teamAdmin.deleteTeam(ctx, pathParam(req, 'handle'), authOf(req).agentId);
    sendData(res, { deleted: true });
  });

  router.get('/:handle/agents', verified, async (req, res) => {
    sendData(res, { agents: await teams.listTeamAgents(ctx, pathParam(req, 'handle'), authOf(req).agentId) });
  });

  router.post('/:handle/agents', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZCreateAiAgentRequest, req.body);
    sendData(res, { agent: await createAiAgent(ctx, pathParam(req, 'handle'), authOf(req).agentId, input) }, 201);
  });

  router.post('/:handle/members', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZAddMemberRequest, req.body);
    sendData(res, { agent: await teams.addMember(ctx, pathParam(req, 'handle'), authOf(req).agentId, input) }, 201);
  });

  router.delete('/:handle/members/me', writeLimit, verified, async (req, res) => {
    await teams.leaveTeam(ctx, pathParam(req, 'handle'), authOf(req).agentId);
    sendData(res, { left: true });
  });

  // After /members/me, so 'me' is never taken for an id.
  router.patch('/:handle/members/:agentId', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZChangeMemberRoleRequest, req.body);
    const { agentId } = authOf(req);
    sendData(res, { agent: await teamAdmin.changeMemberRole(ctx, pathParam(req, 'handle'), agentId, pathParam(req, 'agentId'), input) });
  });

  router.delete('/:handle/members/:agentId', writeLimit, verified, async (req, res) => {
    await teamAdmin.removeMember(ctx, pathParam(req, 'handle'), authOf(req).agentId, pathParam(req, 'agentId'));
    sendData(res, { removed: true });
  });

  return router;
}
