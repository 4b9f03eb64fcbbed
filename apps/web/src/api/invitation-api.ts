import type { TCreateInvitationRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Invite by email: the managers' calls, the invitation link's own, and the invitee's. */
export const invitationApi = {
  pending: (handle: string) => call(routes.listInvitations, { params: { handle } }).then((d) => d.invitations),

  invite: (handle: string, input: TCreateInvitationRequest) => call(routes.createInvitation, { params: { handle }, body: input }).then((d) => d.invitation),

  revoke: (handle: string, id: string) => call(routes.revokeInvitation, { params: { handle, id } }),

  describeLink: (token: string) => call(routes.describeInvitationLink, { params: { token } }),

  accept: (token: string) => call(routes.acceptInvitationLink, { body: { token } }),

  /** Invitations addressed to my verified email (the welcome page). */
  mine: () => call(routes.listMyInvitations).then((d) => d.invitations),

  acceptById: (id: string) => call(routes.acceptInvitationById, { params: { id } }),
};
