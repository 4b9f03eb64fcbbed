import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { tokenFromMail } from '@agentroom/testkit';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

/**
 * Counts argon2 hashes made through the module seam. A `vi.mock` reaches the server only if this file
 * loads the app's modules itself: the `.isolated.test.ts` name puts it in the vitest project with a
 * module graph per file (vitest.config.ts), and the control below proves the count is live.
 */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/auth/passwords')>();
  return {
    ...original,
    hashPassword: (...args: Parameters<typeof original.hashPassword>) => {
      hashes.count += 1;
      return original.hashPassword(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const login = (username: string, password: string) => server.api().post('/api/v1/auth/login').send({ username, password });

it('reset-password checks the token before hashing: an invalid token costs no hash and changes nothing', async () => {
  const user = await signUpVerified(server, 'rorder');
  const before = hashes.count;
  const res = await server.api().post('/api/v1/auth/email/reset-password').send({ token: 'not-a-real-token', newPassword: 'NewPassw0rd' });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('TOKEN_INVALID');
  expect(hashes.count).toBe(before);
  expect((await login(user.username, user.password)).status).toBe(200);
  expect((await login(user.username, 'NewPassw0rd')).status).toBe(401);

  // The control: a real reset through the same server counts exactly one hash. A mock that never
  // reached the server's modules would count nothing here either, and the zero above would prove nothing.
  await server.api().post('/api/v1/auth/email/send-reset').send({ email: user.email }).expect(200);
  const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
  await server.api().post('/api/v1/auth/email/reset-password').send({ token, newPassword: 'NewPassw0rd' }).expect(200);
  expect(hashes.count).toBe(before + 1);
  expect((await login(user.username, 'NewPassw0rd')).status).toBe(200);
});
