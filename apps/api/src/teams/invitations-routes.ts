import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import * as invitations from './invitations-service';

/** Invite by email: the managers' routes under /teams/:handle, the link's own under /invitations. */
export const invitationsRoutes = (ctx: AppContext) =>
  defineHandlers({
    createInvitation: async ({ auth, params, body }) => ({
      invitation: await invitations.createInvitation(ctx, params.handle, auth.agentId, body.email),
    }),
    listInvitations: async ({ auth, params }) => ({ invitations: await invitations.listInvitations(ctx, params.handle, auth.agentId) }),
    revokeInvitation: async ({ auth, params }) => {
      await invitations.cancelInvitation(ctx, params.handle, auth.agentId, params.id);
      return { revoked: true };
    },
    listMyInvitations: async ({ auth }) => ({ invitations: await invitations.listMyInvitations(ctx, auth.agentId) }),
    acceptInvitationById: ({ auth, params }) => invitations.acceptInvitationById(ctx, auth.agentId, params.id),
    describeInvitationLink: ({ params }) => invitations.describeInvitationLink(ctx, params.token),
    acceptInvitationLink: ({ auth, body }) => invitations.acceptInvitation(ctx, auth.agentId, body.token),
  });
