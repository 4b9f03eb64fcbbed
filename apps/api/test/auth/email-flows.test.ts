import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, RESEND_COOLDOWN_S, VALIDATION } from '@agentroom/shared';
import { accounts, emailTokens } from '../../src/db/schema';
import { signUpVerified, startTestServer, uniqueUser, type TestServer } from '../support/test-server';
import { tokenFromMail } from '@agentroom/testkit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: object, token?: string) => {
  const req = server.api().post(`/api/v1/auth${path}`).send(body);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

/** Arranges an expired link the way time would: the stored expiry moves into the past. */
async function expireTokensOf(email: string) {
  const [account] = await server.ctx.db.select().from(accounts).where(eq(accounts.email, email));
  await server.ctx.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.accountId, account!.id));
}

/** Arranges "a minute has passed since the last mail" by moving the tokens' creation into the past. */
async function ageTokensOf(email: string, ms: number) {
  const [account] = await server.ctx.db.select().from(accounts).where(eq(accounts.email, email));
  const tokens = await server.ctx.db.select().from(emailTokens).where(eq(emailTokens.accountId, account!.id));
  for (const token of tokens)
    await server.ctx.db.update(emailTokens).set({ createdAt: new Date(token.createdAt.getTime() - ms) }).where(eq(emailTokens.id, token.id));
}

const verifyTokenCount = async (email: string) => {
  const [account] = await server.ctx.db.select().from(accounts).where(eq(accounts.email, email));
  return (await server.ctx.db.select().from(emailTokens).where(eq(emailTokens.accountId, account!.id))).length;
};

describe('email verification', () => {
  it('verifies once; the same link again is refused', async () => {
    const input = uniqueUser('verify');
    await post('/register', input).expect(201);
    const token = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    const ok = await post('/email/verify-email', { token }).expect(200);
    expect(ok.body.data.user).toMatchObject({ username: input.username, isVerified: true });
    const again = await post('/email/verify-email', { token }).expect(400);
    expect(again.body.code).toBe('TOKEN_INVALID');
    // It says why: the address is verified already.
    expect(again.body.error).toBe(AUTH_ERRORS.verificationLinkAlreadyUsed);
    expect((await post('/email/verify-email', { token: 'z'.repeat(43) }).expect(400)).body.error).toBe(AUTH_ERRORS.invalidToken);
  });

  it('an expired link answers with a message containing "expired"', async () => {
    const input = uniqueUser('vexp');
    await post('/register', input).expect(201);
    const token = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    await expireTokensOf(input.email);
    const res = await post('/email/verify-email', { token }).expect(400);
    expect(res.body).toMatchObject({ code: 'LINK_EXPIRED' });
    expect(res.body.error).toContain('expired');
  });

  it('resend needs a session, mails a new link and kills the old one', async () => {
    const input = uniqueUser('resend');
    await post('/register', input).expect(201);
    const first = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    await post('/email/resend-verification', {}).expect(401);
    const login = await post('/login', { username: input.username, password: input.password }).expect(200);
    expect(login.body.data.user.isVerified).toBe(false);
    await post('/email/resend-verification', {}, login.body.data.token).expect(200);
    const second = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    expect(second).not.toBe(first);
    const replaced = await post('/email/verify-email', { token: first }).expect(400);
    expect(replaced.body.error).toBe(AUTH_ERRORS.verificationLinkReplaced);
    await post('/email/verify-email', { token: second }).expect(200);
    const done = await post('/email/send-verification', {}, login.body.data.token).expect(409);
    expect(done.body.error).toBe(AUTH_ERRORS.alreadyVerified);
  });

  it('the server enforces the resend cooldown: a second resend within 60 s is a 429 with the seconds left, and nothing is sent', async () => {
    const input = uniqueUser('cooldown');
    await post('/register', input).expect(201);
    await server.mail.nextMail(input.email);
    const login = await post('/login', { username: input.username, password: input.password }).expect(200);
    // Like the browser's button: the first resend goes, the next one waits a minute.
    await post('/email/send-verification', {}, login.body.data.token).expect(200);
    await server.mail.nextMail(input.email);
    const early = await post('/email/send-verification', {}, login.body.data.token).expect(429);
    expect(early.body).toMatchObject({ success: false, code: 'RATE_LIMITED', error: AUTH_ERRORS.verificationCooldown });
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_COOLDOWN_S);
    expect(await verifyTokenCount(input.email)).toBe(2);
    // A minute later one resend goes through, and the cooldown starts again from it.
    await ageTokensOf(input.email, RESEND_COOLDOWN_S * 1000);
    await post('/email/resend-verification', {}, login.body.data.token).expect(200);
    await server.mail.nextMail(input.email);
    await post('/email/resend-verification', {}, login.body.data.token).expect(429);
    expect(await verifyTokenCount(input.email)).toBe(3);
    await server.mailWorker.drain();
    expect(server.mail.inbox.filter((m) => m.to === input.email)).toHaveLength(3);
  });

  it('two concurrent verifications of one link: exactly one succeeds', async () => {
    const input = uniqueUser('vrace');
    await post('/register', input).expect(201);
    const token = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    const results = await Promise.all([post('/email/verify-email', { token }), post('/email/verify-email', { token })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('a missing token gets its own message', async () => {
    const res = await post('/email/verify-email', {}).expect(400);
    expect(res.body.error).toBe(VALIDATION.noVerificationToken);
    const magic = await post('/email/verify-magic-link', { token: '' }).expect(400);
    expect(magic.body.error).toBe(VALIDATION.noMagicLinkToken);
  });
});

describe('password reset', () => {
  it('resets with the mailed link, revokes every session and outstanding link, and is single use', async () => {
    const user = await signUpVerified(server, 'reset');
    await post('/email/send-magic-link', { email: user.email }).expect(200);
    const magicToken = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
    await post('/email/send-reset', { email: user.email.toUpperCase() }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');

    const res = await post('/email/reset-password', { token, newPassword: 'N3wPassword' }).expect(200);
    expect(res.body.data.user.username).toBe(user.username);
    await server.api().get('/api/v1/auth/me').set('Authorization', `Bearer ${user.token}`).expect(401);
    await post('/email/verify-magic-link', { token: magicToken }).expect(400);
    await post('/login', { username: user.username, password: user.password }).expect(401);
    await post('/login', { username: user.username, password: 'N3wPassword' }).expect(200);
    const reuse = await post('/email/reset-password', { token, newPassword: 'An0therPass' }).expect(400);
    expect(reuse.body.error).toBe(AUTH_ERRORS.invalidResetLinkLong);
  });

  it('tells whether a reset link still works without spending it: valid, then invalid once used; unknown invalid; expired expired', async () => {
    const user = await signUpVerified(server, 'rchk');
    await post('/email/send-reset', { email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    const check = async (t: string) => (await post('/email/check-reset-link', { token: t }).expect(200)).body.data.status;
    expect(await check(token)).toBe('valid');
    expect(await check(token)).toBe('valid'); // asking does not spend it
    await post('/email/reset-password', { token, newPassword: 'N3wPassword' }).expect(200);
    expect(await check(token)).toBe('invalid');
    expect(await check('x'.repeat(43))).toBe('invalid');
    await post('/email/check-reset-link', { token: '' }).expect(400);

    await post('/email/send-reset', { email: user.email }).expect(200);
    const second = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    await expireTokensOf(user.email);
    expect(await check(second)).toBe('expired');
  });

  it('an expired reset link says so and changes nothing', async () => {
    const user = await signUpVerified(server, 'rexp');
    await post('/email/send-reset', { email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    await expireTokensOf(user.email);
    const res = await post('/email/reset-password', { token, newPassword: 'N3wPassword' }).expect(400);
    expect(res.body.error).toBe(AUTH_ERRORS.resetLinkExpired);
    await post('/login', { username: user.username, password: user.password }).expect(200);
  });

  it('refuses a weak new password with the password rule’s message and keeps the link usable', async () => {
    const user = await signUpVerified(server, 'rweak');
    await post('/email/send-reset', { email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    const weak = await post('/email/reset-password', { token, newPassword: 'short' }).expect(400);
    expect(weak.body.error).toBe(VALIDATION.passwordTooShort);
    await post('/email/reset-password', { token, newPassword: 'G00dPassword' }).expect(200);
  });
});

describe('magic link', () => {
  it('signs in by email or username with a single-use link', async () => {
    const user = await signUpVerified(server, 'magic');
    for (const identifier of [user.email, `@${user.username}`]) {
      await post('/email/send-magic-link', { email: identifier }).expect(200);
      const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
      const res = await post('/email/verify-magic-link', { token }).expect(200);
      expect(res.body.data.user.username).toBe(user.username);
      await server.api().get('/api/v1/auth/me').set('Authorization', `Bearer ${res.body.data.token}`).expect(200);
      await post('/email/verify-magic-link', { token }).expect(400);
    }
  });

  it('an expired magic link says it has expired', async () => {
    const user = await signUpVerified(server, 'mexp');
    await post('/email/send-magic-link', { email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
    await expireTokensOf(user.email);
    const res = await post('/email/verify-magic-link', { token }).expect(400);
    expect(res.body.error).toBe(AUTH_ERRORS.magicLinkExpired);
  });

  it('a blank request gets its own message', async () => {
    const res = await post('/email/send-magic-link', { email: '  ' }).expect(400);
    expect(res.body.error).toBe(VALIDATION.magicLinkIdentifierRequired);
  });
});

describe('no account enumeration', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await signUpVerified(server, 'enum');
    const unknown = 'nobody-at-all@example.test';
    for (const path of ['/email/send-reset', '/email/send-magic-link']) {
      const known = await post(path, { email: user.email }).expect(200);
      const missing = await post(path, { email: unknown }).expect(200);
      expect(missing.body).toEqual(known.body);
      await server.mail.nextMail(user.email);
    }
    await server.mailWorker.drain();
    expect(server.mail.inbox.some((m) => m.to === unknown)).toBe(false);
  });
});

describe('tokens at rest', () => {
  it('stores only the sha256 of an emailed token', async () => {
    const input = uniqueUser('hash');
    await post('/register', input).expect(201);
    const token = tokenFromMail(await server.mail.nextMail(input.email), '/auth/verify-email');
    const rows = await server.ctx.db.select({ hash: emailTokens.tokenHash }).from(emailTokens);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(rows.some((r) => r.hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
  });
});
