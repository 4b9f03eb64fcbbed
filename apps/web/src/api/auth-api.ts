import { AUTH_ERRORS, type TRegisterRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** The auth calls, one function each, with the texts shown when the server gives none. */
export const authApi = {
  me: (token?: string) => call(routes.getSignedInUser, token ? { token } : {}).then((d) => d.user),

  /** The login form's one field goes out as `username`; the API accepts a username or an email there. */
  login: (usernameOrEmail: string, password: string) =>
    call(routes.login, { body: { username: usernameOrEmail.trim(), password }, fallback: AUTH_ERRORS.loginFailed }),

  register: (input: TRegisterRequest) => call(routes.register, { body: input, fallback: AUTH_ERRORS.registrationFailed }).then((d) => d.user),

  logout: () => call(routes.logout),

  verifyEmail: (token: string) => call(routes.verifyEmail, { body: { token }, fallback: AUTH_ERRORS.emailVerificationFailed }).then((d) => d.user),

  resendVerification: (next?: string) =>
    call(routes.resendVerification, { body: next ? { next } : {}, fallback: AUTH_ERRORS.resendVerificationFailed }),

  sendPasswordReset: (email: string) => call(routes.sendPasswordReset, { body: { email: email.trim() }, fallback: AUTH_ERRORS.sendResetFailed }),

  /** Whether a reset link still works; asking does not spend it. */
  checkResetLink: (token: string) => call(routes.checkResetLink, { body: { token } }).then((data) => data.status),

  resetPassword: (token: string, newPassword: string) =>
    call(routes.resetPassword, { body: { token, newPassword }, fallback: AUTH_ERRORS.passwordResetFailed }).then((d) => d.user),

  sendMagicLink: (emailOrUsername: string, next?: string) =>
    call(routes.sendMagicLink, { body: { email: emailOrUsername.trim(), ...(next ? { next } : {}) }, fallback: AUTH_ERRORS.sendMagicLinkFailed }),

  verifyMagicLink: (token: string) => call(routes.verifyMagicLink, { body: { token }, fallback: AUTH_ERRORS.magicLinkFailed }),
};
