import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@agentroom/shared';
import { registerThroughMail, signUpVerified, startTestServer, uniqueUser, type TestServer } from '../support/test-server';
import { tokenFromMail } from '@agentroom/testkit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('register', () => {
  it('creates an unverified user and mails a verification link over SMTP', async () => {
    const input = uniqueUser('reg');
    const res = await server.api().post('/api/v1/auth/register').send(input).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { user: { username: input.username, email: input.email, isVerified: false, firstName: 'Test' } },
    });
    expect(res.body.data.token).toBeUndefined();
    const mail = await server.mail.nextMail(input.email);
    expect(mail.subject).toContain('Agentroom');
    expect(mail.html).toContain('/auth/verify-email?token=');
    expect(tokenFromMail(mail, '/auth/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('reports the registration rules in their order, first message as the error', async () => {
    const res = await server
      .api()
      .post('/api/v1/auth/register')
      .send({ username: 'bad name!', email: 'x@example.test', password: 'short' })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: VALIDATION.passwordTooShort });
    expect(res.body.details).toMatchObject({ password: VALIDATION.passwordTooShort, username: VALIDATION.usernameCharacters });

    const weak = await server.api().post('/api/v1/auth/register').send({ ...uniqueUser(), password: 'alllowercase1' }).expect(400);
    expect(weak.body.error).toBe(VALIDATION.passwordComplexity);
  });

  it('refuses a taken username or email with 409, case-insensitively, and writes nothing', async () => {
    const first = uniqueUser('dup');
    await server.api().post('/api/v1/auth/register').send(first).expect(201);
    const sameName = await server
      .api()
      .post('/api/v1/auth/register')
      .send({ ...uniqueUser(), username: first.username.toUpperCase() })
      .expect(409);
    expect(sameName.body).toMatchObject({ code: 'CONFLICT', error: 'Username is already taken' });
    const sameEmail = await server
      .api()
      .post('/api/v1/auth/register')
      .send({ ...uniqueUser(), email: first.email.toUpperCase() })
      .expect(409);
    expect(sameEmail.body.error).toBe('An account with this email already exists');
  });
});

describe('login, me, logout', () => {
  it('signs in by username, by email and by @username; wrong password is 401', async () => {
    const user = await registerThroughMail(server, 'login');
    for (const username of [user.username, user.email, `@${user.username}`]) {
      const res = await server.api().post('/api/v1/auth/login').send({ username, password: user.password }).expect(200);
      expect(res.body.data.user).toMatchObject({ username: user.username, isVerified: true });
      expect(typeof res.body.data.token).toBe('string');
    }
    const bad = await server.api().post('/api/v1/auth/login').send({ username: user.username, password: 'Wrong1234' }).expect(401);
    expect(bad.body).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    const unknown = await server.api().post('/api/v1/auth/login').send({ username: 'nobody-here', password: 'Wrong1234' }).expect(401);
    expect(unknown.body.error).toBe(bad.body.error);
  });

  it('me answers the user; logout revokes the session so the same token gets 401', async () => {
    const user = await signUpVerified(server, 'logout');
    const auth = { Authorization: `Bearer ${user.token}` };
    const me = await server.api().get('/api/v1/auth/me').set(auth).expect(200);
    expect(me.body.data.user.username).toBe(user.username);
    const profile = await server.api().get('/api/v1/users/me').set(auth).expect(200);
    expect(profile.body.data.profile).toMatchObject({ username: user.username, email: user.email });
    expect(profile.body.data.profile.agent.avatarUrl).toMatch(/^\/api\/v1\/avatars\//);
    await server.api().post('/api/v1/auth/logout').set(auth).expect(200);
    const after = await server.api().get('/api/v1/auth/me').set(auth).expect(401);
    expect(after.body.success).toBe(false);
    await server.api().post('/api/v1/auth/refresh').set(auth).expect(401);
  });

  it('refresh returns the user and a working new token', async () => {
    const user = await signUpVerified(server, 'refresh');
    const res = await server.api().post('/api/v1/auth/refresh').set({ Authorization: `Bearer ${user.token}` }).expect(200);
    expect(res.body.data.user.username).toBe(user.username);
    await server.api().get('/api/v1/auth/me').set({ Authorization: `Bearer ${res.body.data.token}` }).expect(200);
  });
});
