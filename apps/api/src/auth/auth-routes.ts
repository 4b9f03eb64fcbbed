import { AUTH_ERRORS } from '@agentroom/shared';
import type { AppContext } from '../context';
import { unauthenticated } from '../core/app-error';
import { defineHandlers, type RouteInput } from '../http/route-handler';
import * as auth from './auth-service';
import type { Redis } from 'ioredis';
import { createLoginLockout } from './login-lockout';
import { bearerToken } from './require-auth';

const SENT = { sent: true } as const;

/** Sign-up, sign-in, sessions and the emailed-token flows. */
export function authRoutes(ctx: AppContext, redis?: Redis) {
  const lockout = createLoginLockout(ctx.config.loginLockout, redis);
  const sendVerification = async ({ auth: caller, body }: RouteInput<'sendVerification' | 'resendVerification'>) => {
    await auth.sendVerification(ctx, caller.accountId, body.next);
    return SENT;
  };
  return defineHandlers({
    register: async ({ body }) => ({ user: await auth.register(ctx, body) }),
    login: ({ body, req }) => auth.login(ctx, lockout, body.identifier, body.password, req.get('user-agent')),
    getSignedInUser: async ({ auth: caller }) => ({ user: await auth.currentUser(ctx, caller.accountId) }),
    logout: async ({ auth: caller }) => {
      await auth.logout(ctx, caller.sessionId);
      return { loggedOut: true };
    },
    refreshSession: ({ req }) => {
      const token = bearerToken(req);
      if (!token) throw unauthenticated(AUTH_ERRORS.authRequired);
      return auth.refresh(ctx, token);
    },
    sendVerification,
    resendVerification: sendVerification,
    verifyEmail: async ({ body }) => ({ user: await auth.verifyEmail(ctx, body.token) }),
    sendPasswordReset: ({ body }) => {
      afterResponse(ctx, 'password reset mail', () => auth.sendPasswordReset(ctx, body.email));
      return SENT;
    },
    resetPassword: async ({ body }) => ({ user: await auth.resetPassword(ctx, lockout, body.token, body.newPassword) }),
    checkResetLink: ({ body }) => auth.resetLinkStatus(ctx, body.token),
    sendMagicLink: ({ body }) => {
      afterResponse(ctx, 'magic link mail', () => auth.sendMagicLink(ctx, body.email, body.next));
      return SENT;
    },
    verifyMagicLink: ({ body, req }) => auth.verifyMagicLink(ctx, body.token, req.get('user-agent')),
  });
}

/**
 * Known and unknown addresses must look alike, in body and in time: the answer goes out after the
 * same constant work (validate, reply), and the account lookup, token and mail happen afterwards.
 * The mail is still written through the transactional outbox; a failure here is only logged.
 */
function afterResponse(ctx: AppContext, what: string, work: () => Promise<void>) {
  setImmediate(() => {
    work().catch((error: unknown) => ctx.logger.error({ err: error }, `${what} failed after the response`));
  });
}
