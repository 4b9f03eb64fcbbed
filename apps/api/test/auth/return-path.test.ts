import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEXT_PATH_MESSAGE } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { startTestServer, uniqueUser, type TestServer } from '../support/test-server';

/**
 * Registering (or signing in by mail) from an invitation returns to it. The request names
 * `next`, a path of this app; the mailed link carries it back, and nothing else is accepted.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const INVITE = '/invite?token=abc_DEF-123';
const linkOf = (text: string, path: string) => text.match(new RegExp(`http://agentroom\\.test${path.replace(/\//g, '\\/')}\\?\\S+`))?.[0];

describe('the return path (`next`) of mailed links', () => {
  it('registering with next: the verification link returns to it, and still verifies', async () => {
    const input = uniqueUser('invitee');
    await server.api().post('/api/v1/auth/register').send({ ...input, next: INVITE }).expect(201);
    const mail = await server.mail.nextMail(input.email);
    const link = new URL(linkOf(mail.text, '/auth/verify-email')!);
    expect(link.searchParams.get('next')).toBe(INVITE);
    expect(mail.html).toContain(`next=${encodeURIComponent(INVITE)}`);
    await server.api().post('/api/v1/auth/email/verify-email').send({ token: tokenFromMail(mail, '/auth/verify-email') }).expect(200);
  });

  it('registering without next mails the plain link', async () => {
    const input = uniqueUser('plain');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    const link = new URL(linkOf((await server.mail.nextMail(input.email)).text, '/auth/verify-email')!);
    expect(link.searchParams.has('next')).toBe(false);
  });

  it('resending the verification mail and asking for a sign-in link carry next too', async () => {
    const input = uniqueUser('resend');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    await server.mail.nextMail(input.email);
    const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
    await server.api().post('/api/v1/auth/email/resend-verification').set('Authorization', `Bearer ${login.body.data.token}`).send({ next: INVITE }).expect(200);
    expect(new URL(linkOf((await server.mail.nextMail(input.email)).text, '/auth/verify-email')!).searchParams.get('next')).toBe(INVITE);

    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: input.email, next: INVITE }).expect(200);
    expect(new URL(linkOf((await server.mail.nextMail(input.email)).text, '/auth/magic-link')!).searchParams.get('next')).toBe(INVITE);
  });

  it.each([
    'https://evil.example/invite',
    '//evil.example/invite',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth/login',
    '/api/v1/users/me',
    '/invite?token=a b',
    '/invite\n?token=a',
    'invite?token=a',
    `/${'a'.repeat(600)}`,
  ])('refuses next=%j with 400', async (next) => {
    const input = uniqueUser('evil');
    const res = await server.api().post('/api/v1/auth/register').send({ ...input, next });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ next: NEXT_PATH_MESSAGE });
    const magic = await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: input.email, next });
    expect(magic.status).toBe(400);
  });
});
