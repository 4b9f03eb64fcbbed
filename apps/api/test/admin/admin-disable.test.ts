import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, GOVERNANCE_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { createSession } from '../../src/auth/sessions-repo';
import { signAccessToken } from '../../src/auth/tokens';
import { accounts } from '../../src/db/schema';
import { closeSockets, connectSocket, disconnected } from '../chat/chat-fixtures';
import { registerThroughMail, type TestServer } from '../support/test-server';
import { bearerOf, linkTokenFrom, startAdminServer, type Person } from './admin-fixtures';

/** One node: what a disabled person can no longer do, and what works again once enabled. */
describe('a disabled account', () => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    ({ server, first: admin } = await startAdminServer());
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await server.stop();
  });

  const api = () => server.api();
  const disable = (who: Person) => api().post(`/api/v1/admin/people/${who.agentId}/disable`).set(bearerOf(admin)).send({ reason: 'spam' }).expect(200);
  const enable = (who: Person) => api().post(`/api/v1/admin/people/${who.agentId}/enable`).set(bearerOf(admin)).expect(200);
  const login = (who: Person) => api().post('/api/v1/auth/login').send({ username: who.username, password: who.password });

  it('is cut off at once: socket closed, cached token refused, no refresh, no sign-in of any kind; links mailed before stay dead after enabling', async () => {
    const person = await registerThroughMail(server, 'cut');
    // Links issued before the disable: a magic link and a password reset.
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: person.email }).expect(200);
    const magic = await linkTokenFrom(server, person.email, '/auth/magic-link');
    await api().post('/api/v1/auth/email/send-reset').send({ email: person.email }).expect(200);
    const reset = await linkTokenFrom(server, person.email, '/auth/reset-password');
    const socket = await connectSocket(server.url, person.token);
    // The node now remembers the session as live.
    await api().get('/api/v1/auth/me').set(bearerOf(person)).expect(200);
    const gone = disconnected(socket);

    const disabled = await disable(person);
    expect(disabled.body.data.person).toMatchObject({ agentId: person.agentId, disabledAt: expect.any(String) });
    expect(await gone).toBe('io server disconnect');
    const me = await api().get('/api/v1/auth/me').set(bearerOf(person));
    expect(me.status).toBe(401);
    expect((await api().post('/api/v1/auth/refresh').set(bearerOf(person))).status).toBe(401);
    await expect(connectSocket(server.url, person.token)).rejects.toThrow();

    const refused = await login(person).expect(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: GOVERNANCE_ERRORS.accountDisabled });
    const badPassword = await api().post('/api/v1/auth/login').send({ username: person.username, password: 'Wr0ngPassword' }).expect(401);
    expect(badPassword.body.error).toBe(AUTH_ERRORS.invalidCredentials);
    await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(400);
    await api().post('/api/v1/auth/email/reset-password').send({ token: reset, newPassword: 'An0therPassword' }).expect(400);

    await enable(person);
    const back = await login(person).expect(200);
    await api().get('/api/v1/auth/me').set(bearerOf({ token: back.body.data.token })).expect(200);
    // The old session and the old links stay dead.
    expect((await api().get('/api/v1/auth/me').set(bearerOf(person))).status).toBe(401);
    await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(400);
  });

  it('gets no new links while disabled: a magic link or a reset requested then never arrives, one after enabling does', async () => {
    const person = await registerThroughMail(server, 'nolink');
    await disable(person);
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: person.email }).expect(200);
    await api().post('/api/v1/auth/email/send-reset').send({ email: person.email }).expect(200);
    await enable(person);
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: person.email, next: '/after-enable' }).expect(200);
    // Mails are answered in order: the first one to arrive is the one asked for after enabling (its link carries `next`).
    const mail = await server.mail.nextMail(person.email);
    expect(mail.text).toContain('next=%2Fafter-enable');
    const session = await api().post('/api/v1/auth/email/verify-magic-link').send({ token: tokenFromMail(mail, '/auth/magic-link') }).expect(200);
    expect(session.body.data.user.agentId).toBe(person.agentId);
  });

  it('refuses a session of a disabled account even when its row was never revoked', async () => {
    const person = await registerThroughMail(server, 'stray');
    await disable(person);
    const [account] = await server.ctx.db.select().from(accounts).where(eq(accounts.agentId, person.agentId));
    // A session row written after the disable (as no path of the product does).
    const stray = await createSession(server.ctx.db, account!.id, server.ctx.config);
    const token = signAccessToken(server.ctx, { sessionId: stray.id, accountId: account!.id });
    expect((await api().get('/api/v1/auth/me').set(bearerOf({ token }))).status).toBe(401);
    await expect(connectSocket(server.url, token)).rejects.toThrow();
    expect((await api().post('/api/v1/auth/refresh').set(bearerOf({ token }))).status).toBe(403);
  });

  it('a magic link mailed before the disable signs in nobody while disabled', async () => {
    const person = await registerThroughMail(server, 'magic');
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: person.email }).expect(200);
    const magic = await linkTokenFrom(server, person.email, '/auth/magic-link');
    await disable(person);
    const refused = await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic });
    expect(refused.status).toBe(400);
  });
});
