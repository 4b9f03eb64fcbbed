import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_TEXTS, AUTH_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { agents, emailTokens } from '../../src/db/schema';
import { signUpVerified, startTestServer, uniqueUser, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, disconnected } from '../chat/chat-fixtures';
import { addMember, createTeam } from '../teams/team-helpers';
import { bearer } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

const askChange = (token: string, body: object) => server.api().post('/api/v1/users/me/email').set(bearer(token)).send(body);
const confirm = (token: string) => server.api().post('/api/v1/auth/email/confirm-change').send({ token });
const emailOf = async (token: string) => (await server.api().get('/api/v1/auth/me').set(bearer(token)).expect(200)).body.data.user.email as string;

describe('email change', () => {
  it('mails a link to the new address and a notice to the old; the old stays until the link is opened, once', async () => {
    const me = await signUpVerified(server, 'mail');
    const newEmail = uniqueUser('newmail').email;
    await askChange(me.token, { newEmail: newEmail.toUpperCase(), currentPassword: me.password }).expect(200);
    const link = tokenFromMail(await server.mail.nextMail(newEmail), '/auth/confirm-email-change');
    const notice = await server.mail.nextMail(me.email);
    expect(notice.text).toContain(newEmail);
    expect(await emailOf(me.token)).toBe(me.email);
    await server.api().post('/api/v1/auth/login').send({ username: me.email, password: me.password }).expect(200);
    const done = await confirm(link).expect(200);
    expect(done.body.data.user).toMatchObject({ email: newEmail, isVerified: true });
    expect(await emailOf(me.token)).toBe(newEmail);
    await server.api().post('/api/v1/auth/login').send({ username: newEmail, password: me.password }).expect(200);
    await server.api().post('/api/v1/auth/login').send({ username: me.email, password: me.password }).expect(401);
    const again = await confirm(link).expect(400);
    expect(again.body.error).toBe(ACCOUNT_TEXTS.emailChangeLinkInvalid);
  });

  it('refuses a wrong password, the same address, a taken address and bad input', async () => {
    const [me, other] = await Promise.all([signUpVerified(server, 'mailbad'), signUpVerified(server, 'mailtaken')]);
    const wrong = await askChange(me.token, { newEmail: uniqueUser('x').email, currentPassword: 'Wr0ngPassword' }).expect(400);
    expect(wrong.body.details).toEqual({ currentPassword: ACCOUNT_TEXTS.wrongPassword });
    expect((await askChange(me.token, { newEmail: me.email, currentPassword: me.password }).expect(400)).body.error).toBe(ACCOUNT_TEXTS.sameEmail);
    expect((await askChange(me.token, { newEmail: other.email, currentPassword: me.password }).expect(409)).body.error).toBe(AUTH_ERRORS.emailTaken);
    await askChange(me.token, { newEmail: 'not-an-email', currentPassword: me.password }).expect(400);
    await askChange(me.token, { newEmail: ['a@b.c'], currentPassword: me.password }).expect(400);
    await askChange('', { newEmail: uniqueUser('y').email, currentPassword: me.password }).expect(401);
    await confirm('z'.repeat(43)).expect(400);
  });

  it('an address taken meanwhile answers 409 and nothing changes; an expired link says so', async () => {
    const me = await signUpVerified(server, 'mailrace');
    const wanted = uniqueUser('wanted');
    await askChange(me.token, { newEmail: wanted.email, currentPassword: me.password }).expect(200);
    const link = tokenFromMail(await server.mail.nextMail(wanted.email), '/auth/confirm-email-change');
    await server.api().post('/api/v1/auth/register').send(wanted).expect(201);
    const taken = await confirm(link).expect(409);
    expect(taken.body.error).toBe(AUTH_ERRORS.emailTaken);
    expect(await emailOf(me.token)).toBe(me.email);

    const later = uniqueUser('later').email;
    await askChange(me.token, { newEmail: later, currentPassword: me.password }).expect(200);
    const expiring = tokenFromMail(await server.mail.nextMail(later), '/auth/confirm-email-change');
    await server.ctx.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.newEmail, later));
    const expired = await confirm(expiring).expect(400);
    expect(expired.body).toMatchObject({ code: 'LINK_EXPIRED', error: ACCOUNT_TEXTS.emailChangeLinkExpired });
  });
});

describe('account deletion', () => {
  it('refuses a wrong password and an empty request', async () => {
    const me = await signUpVerified(server, 'delbad');
    const wrong = await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ password: 'Wr0ngPassword' }).expect(400);
    expect(wrong.body.details).toEqual({ password: ACCOUNT_TEXTS.wrongPassword });
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({}).expect(400);
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ token: 'z'.repeat(43) }).expect(400);
    await server.api().get('/api/v1/auth/me').set(bearer(me.token)).expect(200);
  });

  it('refuses the sole owner of a team, naming it; once another person owns it too, deletion goes through', async () => {
    const [me, mate] = await Promise.all([signUpVerified(server, 'owner'), signUpVerified(server, 'heir')]);
    const team = await createTeam(server, me, { name: 'Lonely Owners' });
    await addMember(server, me, team.handle, mate.username);
    const refused = await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ password: me.password }).expect(409);
    expect(refused.body.error).toBe(ACCOUNT_TEXTS.soleOwnerOf(['Lonely Owners']));
    await server.api().patch(`/api/v1/teams/${team.handle}/members/${mate.agentId}`).set(bearer(me.token)).send({ role: 'owner' }).expect(200);
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ password: me.password }).expect(200);
    const members = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(mate.token)).expect(200);
    expect(members.body.data.agents.map((a: { id: string }) => a.id)).not.toContain(me.agentId);
  });

  it('nothing of the account signs in afterwards; its username and email are free again', async () => {
    const me = await signUpVerified(server, 'delok');
    const socket = await connectSocket(server.url, me.token);
    const gone = disconnected(socket);
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ password: me.password }).expect(200);
    expect(await gone).toBe('io server disconnect');
    await server.api().get('/api/v1/auth/me').set(bearer(me.token)).expect(401);
    await server.api().post('/api/v1/auth/refresh').set(bearer(me.token)).expect(401);
    await server.api().post('/api/v1/auth/login').send({ username: me.username, password: me.password }).expect(401);
    const [row] = await server.ctx.db.select().from(agents).where(eq(agents.id, me.agentId));
    expect(row).toMatchObject({ firstName: '', lastName: '' });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    await server.api().post('/api/v1/auth/register').send({ ...uniqueUser('again'), username: me.username, email: me.email }).expect(201);
  });

  it('with a mailed link instead of the password; the link is single use and only for its own account', async () => {
    const [me, other] = await Promise.all([signUpVerified(server, 'dellink'), signUpVerified(server, 'dellinkx')]);
    await server.api().post('/api/v1/users/me/delete-link').set(bearer(me.token)).expect(200);
    const link = tokenFromMail(await server.mail.nextMail(me.email), '/account/delete');
    await server.api().post('/api/v1/users/me/delete').set(bearer(other.token)).send({ token: link }).expect(400);
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ token: link }).expect(200);
    await server.api().post('/api/v1/auth/login').send({ username: me.username, password: me.password }).expect(401);
  });
});
