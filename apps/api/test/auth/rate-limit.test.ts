import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { signUpVerified, startTestServer, uniqueUser, type TestServer } from '../support/test-server';
import { auth, startConversation } from '../chat/chat-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_LOGIN_MAX: '3',
    RATE_LIMIT_MAIL_MAX: '2',
    RATE_LIMIT_REGISTER_MAX: '2',
  });
});
afterAll(async () => {
  await server?.stop();
});

async function expectLimited(send: () => Promise<{ status: number; headers: Record<string, string>; body: { code?: string; success?: boolean } }>, allowed: number) {
  for (let i = 0; i < allowed; i += 1) expect((await send()).status).not.toBe(429);
  const limited = await send();
  expect(limited.status).toBe(429);
  expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('limits login attempts with 429, Retry-After and the envelope', async () => {
    await expectLimited(() => server.api().post('/api/v1/auth/login').send({ username: 'someone', password: 'Wrong1234' }), 3);
  });

  it('limits registrations', async () => {
    await expectLimited(() => server.api().post('/api/v1/auth/register').send(uniqueUser('rl')), 2);
  });

  it('limits the emailed-token endpoints like login, password reset included', async () => {
    const paths = ['/auth/email/reset-password', '/auth/email/verify-email', '/auth/email/verify-magic-link'];
    // One budget for every token check; each endpoint is tried from its own address here.
    for (const [i, path] of paths.entries())
      await expectLimited(
        () => server.api().post(`/api/v1${path}`).set('X-Forwarded-For', `198.51.100.${i + 1}`).send({ token: 'guess', newPassword: 'Passw0rdOk' }),
        3,
      );
  });

  it('limits mail-sending endpoints', async () => {
    await expectLimited(() => server.api().post('/api/v1/auth/email/send-magic-link').send({ email: 'a@example.test' }), 2);
  });
});

describe('message rate limit', () => {
  let chatServer: TestServer;
  beforeAll(async () => {
    chatServer = await startTestServer({ RATE_LIMIT_MESSAGES_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await chatServer?.stop();
  });

  it('limits messages per person, not per address: a colleague on the same IP can still send', async () => {
    const [ada, bob] = [await signUpVerified(chatServer, 'rla'), await signUpVerified(chatServer, 'rlb')];
    const conversation = await startConversation(chatServer, ada, { agentId: bob.agentId });
    const send = (from: typeof ada) =>
      chatServer
        .api()
        .post(`/api/v1/chat/conversations/${conversation.id}/messages/async`)
        .set(auth(from))
        .send({ content: 'hi', clientMessageId: randomUUID() });
    await expectLimited(() => send(ada), 3);
    expect((await send(bob)).status).toBe(201);
  });
});
