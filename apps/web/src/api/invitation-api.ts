import type {
  TAcceptedInvitationResponse,
  TCreateInvitationRequest,
  TInvitationLinkResponse,
  TInvitationResponse,
  TInvitationsResponse,
  TMyInvitationsResponse,
} from '@agentroom/shared';
import { http } from './api-client';

const invitationsPath = (handle: string) => `/teams/${encodeURIComponent(handle)}/invitations`;

/** Invite by email (issue 12): the managers' calls, the invitation link's own, and the invitee's. */
export const invitationApi = {
  pending: (handle: string) => http.get<TInvitationsResponse>(invitationsPath(handle)).then((d) => d.invitations),

  invite: (handle: string, input: TCreateInvitationRequest) =>
    http.post<TInvitationResponse>(invitationsPath(handle), input).then((d) => d.invitation),

  revoke: (handle: string, id: string) => http.delete<unknown>(`${invitationsPath(handle)}/${encodeURIComponent(id)}`),

  describeLink: (token: string) => http.get<TInvitationLinkResponse>(`/invitations/${encodeURIComponent(token)}`),

  accept: (token: string) => http.post<TAcceptedInvitationResponse>('/invitations/accept', { token }),

  /** Invitations addressed to my verified email (the welcome page). */
  mine: () => http.get<TMyInvitationsResponse>('/invitations').then((d) => d.invitations),

  acceptById: (id: string) => http.post<TAcceptedInvitationResponse>(`/invitations/${encodeURIComponent(id)}/accept`, {}),
};
