import { routes } from '@agentroom/shared/routes';
import type { TChangeEmailRequest, TChangePasswordRequest, TDeleteAccountRequest, TUpdateProfileRequest } from '@agentroom/shared';
import { call } from '../api/call-route';

/** Your account's calls: profile, email, password, sessions, deletion. */
export const accountApi = {
  updateProfile: (body: TUpdateProfileRequest) => call(routes.updateProfile, { body }).then((d) => d.profile),
  requestEmailChange: (body: TChangeEmailRequest) => call(routes.requestEmailChange, { body }),
  confirmEmailChange: (token: string) => call(routes.confirmEmailChange, { body: { token } }).then((d) => d.user),
  changePassword: (body: TChangePasswordRequest) => call(routes.changePassword, { body }),
  listSessions: () => call(routes.listSessions).then((d) => d.sessions),
  signOutSession: (id: string) => call(routes.signOutSession, { params: { id } }),
  signOutOtherSessions: () => call(routes.signOutOtherSessions),
  sendDeleteAccountLink: () => call(routes.sendDeleteAccountLink),
  deleteAccount: (body: TDeleteAccountRequest) => call(routes.deleteAccount, { body }),
};
