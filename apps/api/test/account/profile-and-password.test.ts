import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, AUTH_ERRORS, VALIDATION } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, disconnected, nextEvent, startConversation } from '../chat/chat-fixtures';
import { addMember, createTeam } from '../teams/team-helpers';
import { bearer, signInAgain } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

describe('profile', () => {
  it('changes names and role; teammates see it on cards and hear agent:updated at once', async () => {
    const [me, mate] = await Promise.all([signUpVerified(server, 'prof'), signUpVerified(server, 'mate')]);
    const team = await createTeam(server, me);
    await addMember(server, me, team.handle, mate.username);
    const socket = await connectSocket(server.url, mate.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === me.agentId && agent.role === 'Designer');
    const res = await server
      .api()
      .patch('/api/v1/users/me')
      .set(bearer(me.token))
      .send({ firstName: 'Ada', middleName: 'King', lastName: 'Lovelace', role: 'Designer' })
      .expect(200);
    expect(res.body.data.profile.agent).toMatchObject({ firstName: 'Ada', middleName: 'King', lastName: 'Lovelace', fullName: 'Ada King Lovelace', role: 'Designer' });
    expect((await heard).agent).toMatchObject({ fullName: 'Ada King Lovelace', role: 'Designer' });
    const card = await server.api().get(`/api/v1/agents/${me.username}`).set(bearer(mate.token)).expect(200);
    expect(card.body.data.agent).toMatchObject({ fullName: 'Ada King Lovelace', role: 'Designer' });
    const roster = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(mate.token)).expect(200);
    expect(roster.body.data.agents.find((a: { id: string }) => a.id === me.agentId)).toMatchObject({ fullName: 'Ada King Lovelace', role: 'Designer' });
  });

  it('refuses an empty change and names too long, without a 500', async () => {
    const me = await signUpVerified(server, 'profbad');
    const empty = await server.api().patch('/api/v1/users/me').set(bearer(me.token)).send({}).expect(400);
    expect(empty.body.error).toBe(ACCOUNT_TEXTS.nothingToChange);
    await server.api().patch('/api/v1/users/me').set(bearer(me.token)).send({ firstName: 'x'.repeat(65) }).expect(400);
    await server.api().patch('/api/v1/users/me').set(bearer(me.token)).send({ role: 42 }).expect(400);
    await server.api().patch('/api/v1/users/me').send({ firstName: 'Nope' }).expect(401);
  });
});

describe('password change', () => {
  it('refuses a wrong current password and a weak new one; nothing changes', async () => {
    const me = await signUpVerified(server, 'pwbad');
    const wrong = await server.api().put('/api/v1/users/me/password').set(bearer(me.token)).send({ currentPassword: 'Wr0ngPassword', newPassword: 'N3wPassword' }).expect(400);
    expect(wrong.body).toMatchObject({ error: ACCOUNT_TEXTS.wrongPassword, details: { currentPassword: ACCOUNT_TEXTS.wrongPassword } });
    const weak = await server.api().put('/api/v1/users/me/password').set(bearer(me.token)).send({ currentPassword: me.password, newPassword: 'short' }).expect(400);
    expect(weak.body.details.newPassword).toBe(VALIDATION.passwordTooShort);
    await server.api().post('/api/v1/auth/login').send({ username: me.username, password: me.password }).expect(200);
  });

  it('signs out every other session (refresh fails, sockets close); this one stays; the new password signs in', async () => {
    const me = await signUpVerified(server, 'pwok');
    const other = await signInAgain(server, me);
    const otherSocket = await connectSocket(server.url, other);
    const mySocket = await connectSocket(server.url, me.token);
    const gone = disconnected(otherSocket);
    const res = await server.api().put('/api/v1/users/me/password').set(bearer(me.token)).send({ currentPassword: me.password, newPassword: 'N3wPassword' }).expect(200);
    expect(res.body.data).toEqual({ changed: true, signedOut: 1 });
    expect(await gone).toBe('io server disconnect');
    const refused = await server.api().post('/api/v1/auth/refresh').set(bearer(other)).expect(401);
    expect(refused.body.error).toBe(AUTH_ERRORS.sessionExpired);
    await server.api().get('/api/v1/auth/me').set(bearer(other)).expect(401);
    await server.api().post('/api/v1/auth/refresh').set(bearer(me.token)).expect(200);
    await server.api().get('/api/v1/users/me').set(bearer(me.token)).expect(200);
    expect(mySocket.connected).toBe(true);
    await server.api().post('/api/v1/auth/login').send({ username: me.username, password: me.password }).expect(401);
    await server.api().post('/api/v1/auth/login').send({ username: me.username, password: 'N3wPassword' }).expect(200);
  });
});

describe('sessions', () => {
  it('lists each device with last seen; signs out one, then everywhere else', async () => {
    const me = await signUpVerified(server, 'sess');
    const firefox = await signInAgain(server, me);
    const safari = await signInAgain(server, me, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1');
    const list = await server.api().get('/api/v1/users/me/sessions').set(bearer(firefox)).expect(200);
    const sessions = list.body.data.sessions as { id: string; device: string; current: boolean; lastSeenAt: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Firefox on Linux']);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Firefox on Linux', 'Safari on iOS', ACCOUNT_TEXTS.unknownDevice].sort());
    const iphone = sessions.find((s) => s.device === 'Safari on iOS')!;
    const socket = await connectSocket(server.url, safari);
    const gone = disconnected(socket);
    await server.api().delete(`/api/v1/users/me/sessions/${iphone.id}`).set(bearer(firefox)).expect(200);
    expect(await gone).toBe('io server disconnect');
    await server.api().post('/api/v1/auth/refresh').set(bearer(safari)).expect(401);
    // Already gone, or somebody else's: not found.
    await server.api().delete(`/api/v1/users/me/sessions/${iphone.id}`).set(bearer(firefox)).expect(404);
    const stranger = await signUpVerified(server, 'sessx');
    await server.api().delete(`/api/v1/users/me/sessions/${iphone.id}`).set(bearer(stranger.token)).expect(404);
    await server.api().delete('/api/v1/users/me/sessions/not-a-uuid').set(bearer(firefox)).expect(400);
    const everywhere = await server.api().delete('/api/v1/users/me/sessions').set(bearer(firefox)).expect(200);
    expect(everywhere.body.data).toEqual({ signedOut: 1 });
    await server.api().get('/api/v1/auth/me').set(bearer(me.token)).expect(401);
    const left = await server.api().get('/api/v1/users/me/sessions').set(bearer(firefox)).expect(200);
    expect(left.body.data.sessions).toMatchObject([{ device: 'Firefox on Linux', current: true }]);
  });
});

describe('deleted people in conversations', () => {
  it('a conversation partner still reads the conversation, the person shown as "Deleted user"', async () => {
    const [me, other] = await Promise.all([signUpVerified(server, 'gone'), signUpVerified(server, 'stay')]);
    const conversation = await startConversation(server, other, me);
    await server.api().post(`/api/v1/chat/conversations/${conversation.id}/messages/async`).set(bearer(me.token)).send({ content: 'bye all', clientMessageId: crypto.randomUUID() }).expect((r) => expect([200, 201]).toContain(r.status));
    const socket = await connectSocket(server.url, other.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === me.agentId && agent.isDeleted === true);
    await server.api().post('/api/v1/users/me/delete').set(bearer(me.token)).send({ password: me.password }).expect(200);
    expect((await heard).agent).toMatchObject({ fullName: ACCOUNT_TEXTS.deletedUser, firstName: '', isDeleted: true });
    const messages = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/messages`).set(bearer(other.token)).expect(200);
    expect(JSON.stringify(messages.body.data)).toContain('bye all');
    const read = await server.api().get(`/api/v1/chat/conversations/${conversation.id}`).set(bearer(other.token)).expect(200);
    const seat = JSON.stringify(read.body.data);
    expect(seat).toContain(ACCOUNT_TEXTS.deletedUser);
    expect(seat).not.toContain(me.username);
  });
});
