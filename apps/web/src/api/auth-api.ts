import { AUTH_ERRORS, type TAuthResult, type TRegisterRequest, type TResetLinkStatus, type TUser } from '@agentroom/shared';
import { http } from './api-client';

type UserAnswer = { user: TUser };
const userOf = (data: UserAnswer) => data.user;

/** The auth calls of spec §7, one function each, with the spec §8 fallbacks. */
export const authApi = {
  me: (token?: string) => http.get<UserAnswer>('/auth/me', token ? { token } : {}).then(userOf),

  /** The login form's one field goes out as `username`; the API accepts a username or an email there. */
  login: (usernameOrEmail: string, password: string) =>
    http.post<TAuthResult>('/auth/login', { username: usernameOrEmail.trim(), password }, { fallback: AUTH_ERRORS.loginFailed }),

  register: (input: TRegisterRequest) =>
    http.post<UserAnswer>('/auth/register', input, { fallback: AUTH_ERRORS.registrationFailed }).then(userOf),

  logout: () => http.post<unknown>('/auth/logout'),

  verifyEmail: (token: string) =>
    http.post<UserAnswer>('/auth/email/verify-email', { token }, { fallback: AUTH_ERRORS.emailVerificationFailed }).then(userOf),

  resendVerification: (next?: string) =>
    http.post<unknown>('/auth/email/resend-verification', next ? { next } : {}, { fallback: AUTH_ERRORS.resendVerificationFailed }),

  sendPasswordReset: (email: string) =>
    http.post<unknown>('/auth/email/send-reset', { email: email.trim() }, { fallback: AUTH_ERRORS.sendResetFailed }),

  /** Whether a reset link still works; asking does not spend it. */
  checkResetLink: (token: string) =>
    http.post<{ status: TResetLinkStatus }>('/auth/email/check-reset-link', { token }).then((data) => data.status),

  resetPassword: (token: string, newPassword: string) =>
    http
      .post<UserAnswer>('/auth/email/reset-password', { token, newPassword }, { fallback: AUTH_ERRORS.passwordResetFailed })
      .then(userOf),

  sendMagicLink: (emailOrUsername: string, next?: string) =>
    http.post<unknown>(
      '/auth/email/send-magic-link',
      { email: emailOrUsername.trim(), ...(next ? { next } : {}) },
      { fallback: AUTH_ERRORS.sendMagicLinkFailed },
    ),

  verifyMagicLink: (token: string) =>
    http.post<TAuthResult>('/auth/email/verify-magic-link', { token }, { fallback: AUTH_ERRORS.magicLinkFailed }),
};
