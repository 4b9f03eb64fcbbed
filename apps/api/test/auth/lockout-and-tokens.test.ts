import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { AUTH_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { sessions } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

const MAX_FAILURES = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_LOCKOUT_MAX_FAILURES: String(MAX_FAILURES), LOGIN_LOCKOUT_SECONDS: '1' });
});
afterAll(async () => {
  await server?.stop();
});

let address = 0;
/** Each attempt from another client address (the test server trusts its loopback proxy). */
const login = (body: object) =>
  server
    .api()
    .post('/api/v1/auth/login')
    .set('X-Forwarded-For', `203.0.113.${(address += 1) % 250}`)
    .send(body);

async function lockOut(user: { username: string; email: string }) {
  for (let i = 0; i < MAX_FAILURES; i += 1) {
    const identifier = i % 2 === 0 ? user.username : user.email.toUpperCase();
    expect((await login({ identifier, password: 'Wrong-pass1' })).status).toBe(401);
  }
}

describe('per-account login lockout', () => {
  it('locks an account after N failures spread over many addresses; the right password is refused until the lock ends', async () => {
    const user = await signUpVerified(server, 'lock');
    await lockOut(user);
    const locked = await login({ username: user.username, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, code: 'RATE_LIMITED', error: AUTH_ERRORS.accountLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email: user.email, password: user.password })).status).toBe(429);

    // The lock is bounded: poll until it lifts (configured to 1 s here).
    const deadline = Date.now() + 10_000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      status = (await login({ username: user.username, password: user.password })).status;
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  });

  it('a successful sign-in clears the failure count', async () => {
    const user = await signUpVerified(server, 'clear');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < MAX_FAILURES - 1; i += 1) expect((await login({ username: user.username, password: 'Wrong-pass1' })).status).toBe(401);
      expect((await login({ username: user.username, password: user.password })).status).toBe(200);
    }
  });

  it('an unknown name locks the same way, so the lock tells nothing about which accounts exist', async () => {
    const name = `nobody_${Math.random().toString(36).slice(2, 8)}`;
    await lockOut({ username: name, email: `@${name.toUpperCase()}` });
    expect((await login({ username: name, password: 'Wrong-pass1' })).status).toBe(429);
  });

  it('while locked, magic-link sign-in works', async () => {
    const user = await signUpVerified(server, 'lmagic');
    await lockOut(user);
    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
    const res = await server.api().post('/api/v1/auth/email/verify-magic-link').send({ token }).expect(200);
    expect(res.body.data.user.username).toBe(user.username);
  });

  it('while locked, a password reset works and ends the lock', async () => {
    const user = await signUpVerified(server, 'lreset');
    await lockOut(user);
    expect((await login({ username: user.username, password: user.password })).status).toBe(429);
    await server.api().post('/api/v1/auth/email/send-reset').send({ email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    await server.api().post('/api/v1/auth/email/reset-password').send({ token, newPassword: 'NewPassw0rd' }).expect(200);
    expect((await login({ username: user.username, password: 'NewPassw0rd' })).status).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('lockout counters in Redis', () => {
  it('with REDIS_URL the failures are counted in Redis, so every API node sees the lock', async () => {
    const node = await startTestServer({ REDIS_URL: redisUrl!, LOGIN_LOCKOUT_MAX_FAILURES: String(MAX_FAILURES) });
    const redis = new Redis(redisUrl!);
    try {
      const user = await signUpVerified(node, 'lredis');
      for (let i = 0; i < MAX_FAILURES; i += 1)
        expect((await node.api().post('/api/v1/auth/login').send({ username: user.username, password: 'Wrong-pass1' })).status).toBe(401);
      expect(await redis.exists(`agentroom:login-fail:account:${user.user.id as string}`)).toBe(1);
      expect((await node.api().post('/api/v1/auth/login').send({ username: user.username, password: user.password })).status).toBe(429);
    } finally {
      redis.disconnect();
      await node.stop();
    }
  });
});

describe('emailed tokens', () => {
  it('two concurrent magic-link sign-ins with one link: exactly one succeeds and one session is made', async () => {
    const user = await signUpVerified(server, 'mrace');
    const sessionsOf = async () => (await server.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.user.id))).length;
    const before = await sessionsOf();
    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
    const verify = () => server.api().post('/api/v1/auth/email/verify-magic-link').send({ token });
    const results = await Promise.all([verify(), verify()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await sessionsOf()).toBe(before + 1);
    expect((await verify()).status).toBe(400);
  });
});
