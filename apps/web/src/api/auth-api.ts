import { AUTH_ERRORS, type TAuthResult, type TRegisterRequest, type TUser } from '@agentroom/shared';
import { apiRequest } from './api-client';
import { withFallback } from './api-error';

/** Runs a call and rethrows its failure with the spec's fallback text when the server gave none. */
async function call<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw withFallback(error, fallback);
  }
}

const post = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} });

/** The auth calls of spec §7, one function each. */
export const authApi = {
  me: (token?: string) =>
    apiRequest<{ user: TUser }>('/auth/me', token ? { token } : {}).then((d) => d.user),

  /** The login form's one field goes out as `username`; the API accepts a username or an email there. */
  login: (usernameOrEmail: string, password: string) =>
    call(() => post<TAuthResult>('/auth/login', { username: usernameOrEmail.trim(), password }), AUTH_ERRORS.loginFailed),

  register: (input: TRegisterRequest) =>
    call(() => post<{ user: TUser }>('/auth/register', input), AUTH_ERRORS.registrationFailed).then((d) => d.user),

  logout: () => post<unknown>('/auth/logout'),

  verifyEmail: (token: string) =>
    call(() => post<{ user: TUser }>('/auth/email/verify-email', { token }), AUTH_ERRORS.emailVerificationFailed).then(
      (d) => d.user,
    ),

  resendVerification: () =>
    call(() => post<unknown>('/auth/email/resend-verification'), AUTH_ERRORS.resendVerificationFailed),

  sendPasswordReset: (email: string) =>
    call(() => post<unknown>('/auth/email/send-reset', { email: email.trim() }), AUTH_ERRORS.sendResetFailed),

  resetPassword: (token: string, newPassword: string) =>
    call(() => post<{ user: TUser }>('/auth/email/reset-password', { token, newPassword }), AUTH_ERRORS.passwordResetFailed).then(
      (d) => d.user,
    ),

  sendMagicLink: (emailOrUsername: string) =>
    call(() => post<unknown>('/auth/email/send-magic-link', { email: emailOrUsername.trim() }), AUTH_ERRORS.sendMagicLinkFailed),

  verifyMagicLink: (token: string) =>
    call(() => post<TAuthResult>('/auth/email/verify-magic-link', { token }), AUTH_ERRORS.magicLinkFailed),
};
