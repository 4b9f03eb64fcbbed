import { Router, type RequestHandler } from 'express';
import {
  AUTH_ERRORS,
  ZLoginRequest,
  ZRegisterRequest,
  ZCheckResetLinkRequest,
  ZResetPasswordRequest,
  ZSendMagicLinkRequest,
  ZSendVerificationRequest,
  ZSendResetRequest,
  ZVerifyEmailRequest,
  ZVerifyMagicLinkRequest,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { Redis } from 'ioredis';
import * as auth from './auth-service';
import { authOf, bearerToken, requireAuth } from './require-auth';
import { unauthenticated } from '../core/app-error';
import { createLoginLockout } from './login-lockout';
import { retryAfterHeader } from './retry-later';

const SENT = { sent: true } as const;

/** Spec §7 auth calls. Each route reads: rate limit → authenticate → validate → service → present. */
export function authRoutes(ctx: AppContext, redis?: Redis): Router {
  const { windowMs, loginMax, registerMax, mailMax } = ctx.config.rateLimit;
  const loginLimit = createRateLimit({ name: 'login', windowMs, limit: loginMax, redis });
  const registerLimit = createRateLimit({ name: 'register', windowMs, limit: registerMax, redis });
  const mailLimit = createRateLimit({ name: 'mail', windowMs, limit: mailMax, redis });
  // Emailed tokens are guessed like passwords, so their checks get the login budget.
  const tokenLimit = createRateLimit({ name: 'token', windowMs, limit: loginMax, redis });
  const lockout = createLoginLockout(ctx.config.loginLockout, redis);
  const signedIn = requireAuth(ctx);
  const router = Router();

  router.post('/register', registerLimit, async (req, res) => {
    const input = parseInput(ZRegisterRequest, req.body);
    sendData(res, { user: await auth.register(ctx, input) }, 201);
  });

  router.post('/login', loginLimit, async (req, res) => {
    const { identifier, password } = parseInput(ZLoginRequest, req.body);
    sendData(res, await auth.login(ctx, lockout, identifier, password, req.get('user-agent')));
  });

  router.get('/me', signedIn, async (req, res) => {
    sendData(res, { user: await auth.currentUser(ctx, authOf(req).accountId) });
  });

  router.post('/logout', signedIn, async (req, res) => {
    await auth.logout(ctx, authOf(req).sessionId);
    sendData(res, { loggedOut: true });
  });

  router.post('/refresh', async (req, res) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated(AUTH_ERRORS.authRequired);
    sendData(res, await auth.refresh(ctx, token));
  });

  const sendVerification: RequestHandler = async (req, res) => {
    const { next } = parseInput(ZSendVerificationRequest, req.body ?? {});
    await auth.sendVerification(ctx, authOf(req).accountId, next);
    sendData(res, SENT);
  };
  router.post('/email/send-verification', mailLimit, signedIn, sendVerification);
  router.post('/email/resend-verification', mailLimit, signedIn, sendVerification);

  router.post('/email/verify-email', tokenLimit, async (req, res) => {
    const { token } = parseInput(ZVerifyEmailRequest, req.body);
    sendData(res, { user: await auth.verifyEmail(ctx, token) });
  });

  router.post('/email/send-reset', mailLimit, async (req, res) => {
    const { email } = parseInput(ZSendResetRequest, req.body);
    sendData(res, SENT);
    afterResponse(ctx, 'password reset mail', () => auth.sendPasswordReset(ctx, email));
  });

  router.post('/email/reset-password', tokenLimit, async (req, res) => {
    const { token, newPassword } = parseInput(ZResetPasswordRequest, req.body);
    sendData(res, { user: await auth.resetPassword(ctx, lockout, token, newPassword) });
  });

  router.post('/email/check-reset-link', tokenLimit, async (req, res) => {
    const { token } = parseInput(ZCheckResetLinkRequest, req.body);
    sendData(res, await auth.resetLinkStatus(ctx, token));
  });

  router.post('/email/send-magic-link', mailLimit, async (req, res) => {
    const { email, next } = parseInput(ZSendMagicLinkRequest, req.body);
    sendData(res, SENT);
    afterResponse(ctx, 'magic link mail', () => auth.sendMagicLink(ctx, email, next));
  });

  router.post('/email/verify-magic-link', tokenLimit, async (req, res) => {
    const { token } = parseInput(ZVerifyMagicLinkRequest, req.body);
    sendData(res, await auth.verifyMagicLink(ctx, token, req.get('user-agent')));
  });

  router.use(retryAfterHeader);
  return router;
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
