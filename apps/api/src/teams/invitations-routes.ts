import { Router } from 'express';
import type { Redis } from 'ioredis';
import { ZAcceptInvitationRequest, ZCreateInvitationRequest } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import * as invitations from './invitations-service';
import { pathParam } from './teams-routes';

/**
 * Invite by email (issue 12). Mounted at the API root: the manager routes live under /teams/:handle,
 * the link's own routes under /invitations. Each route: rate limit → authenticate → validate → service.
 */
export function invitationsRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  const { windowMs, loginMax, mailMax } = ctx.config.rateLimit;
  // Each invitation sends a mail: the budget of the other mail-sending endpoints.
  const mailLimit = createRateLimit({ name: 'invitation-mail', windowMs, limit: mailMax, redis });
  // Links are guessed like passwords, so their checks get the login budget (as the auth tokens do).
  const tokenLimit = createRateLimit({ name: 'invitation-token', windowMs, limit: loginMax, redis });
  const writeLimit = createRateLimit({ name: 'invitation-writes', windowMs, limit: loginMax, redis });

  router.post('/teams/:handle/invitations', mailLimit, verified, async (req, res) => {
    const { email } = parseInput(ZCreateInvitationRequest, req.body);
    const invitation = await invitations.createInvitation(ctx, pathParam(req, 'handle'), authOf(req).agentId, email);
    sendData(res, { invitation }, 201);
  });

  router.get('/teams/:handle/invitations', verified, async (req, res) => {
    sendData(res, { invitations: await invitations.listInvitations(ctx, pathParam(req, 'handle'), authOf(req).agentId) });
  });

  router.delete('/teams/:handle/invitations/:id', writeLimit, verified, async (req, res) => {
    await invitations.cancelInvitation(ctx, pathParam(req, 'handle'), authOf(req).agentId, pathParam(req, 'id'));
    sendData(res, { revoked: true });
  });

  router.get('/invitations', verified, async (req, res) => {
    sendData(res, { invitations: await invitations.listMyInvitations(ctx, authOf(req).agentId) });
  });

  router.post('/invitations/:id/accept', writeLimit, verified, async (req, res) => {
    sendData(res, await invitations.acceptInvitationById(ctx, authOf(req).agentId, pathParam(req, 'id')));
  });

  router.get('/invitations/:token', tokenLimit, async (req, res) => {
    sendData(res, await invitations.describeInvitationLink(ctx, pathParam(req, 'token')));
  });

  router.post('/invitations/accept', tokenLimit, verified, async (req, res) => {
    const { token } = parseInput(ZAcceptInvitationRequest, req.body);
    sendData(res, await invitations.acceptInvitation(ctx, authOf(req).agentId, token));
  });

  return router;
}
