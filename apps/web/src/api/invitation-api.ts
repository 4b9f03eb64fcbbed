import type {
  TAcceptedInvitationResponse,
  TCreateInvitationRequest,
  TInvitationLinkResponse,
  TInvitationResponse,
  TInvitationsResponse,
} from '@agentroom/shared';
import { http } from './api-client';

const invitationsPath = (handle: string) => `/teams/${encodeURIComponent(handle)}/invitations`;

/** Invite by email (issue 12): the managers' calls and the invitation link's own. */
export const invitationApi = {
  pending: (handle: string) => http.get<TInvitationsResponse>(invitationsPath(handle)).then((d) => d.invitations),

  invite: (handle: string, input: TCreateInvitationRequest) =>
    http.post<TInvitationResponse>(invitationsPath(handle), input).then((d) => d.invitation),

  revoke: (handle: string, id: string) => http.delete<unknown>(`${invitationsPath(handle)}/${encodeURIComponent(id)}`),

  describeLink: (token: string) => http.get<TInvitationLinkResponse>(`/invitations/${encodeURIComponent(token)}`),

  accept: (token: string) => http.post<TAcceptedInvitationResponse>('/invitations/accept', { token }),
};
