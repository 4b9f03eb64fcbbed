import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { applyLanguage, i18n } from '../i18n';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { authApi } from './auth-api';
import { avatarApi } from './avatar-api';
import { chatApi } from './chat-api';
import { onSessionEvent, type SessionEvent } from './session-events';

describe('apiRequest', () => {
  it('answers the envelope data and sends the stored token', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const api = stubApi({ 'GET /users/me': ok({ profile: { id: 'x' } }) });
    await expect(apiRequest('/users/me')).resolves.toEqual({ profile: { id: 'x' } });
    expect(api.calls[0]!.authorization).toBe('Bearer tok-1');
  });

  it('turns an error envelope into an ApiError with message, status, code and details', async () => {
    stubApi({ 'POST /auth/register': fail(409, 'Username is already taken', 'CONFLICT', { username: 'Username is already taken' }) });
    const error = await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Username is already taken',
      status: 409,
      code: 'CONFLICT',
      details: { username: 'Username is already taken' },
    });
  });

  it("says 'HTTP {status}' when the answer carries no message", async () => {
    stubApi({ 'GET /teams': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(apiRequest('/teams')).rejects.toMatchObject({ message: 'HTTP 502', status: 502 });
  });

  it("gives status 0 and 'Network error' when the request gets no answer", async () => {
    stubApi({ 'GET /teams': { networkError: true } });
    await expect(apiRequest('/teams')).rejects.toMatchObject({ message: 'Network error', status: 0 });
  });

  it('refreshes once on TOKEN_EXPIRED and retries with the new token', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old');
    const user = makeUser();
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((e) => events.push(e));
    const api = stubApi({
      'GET /teams': (call) =>
        call.authorization === 'Bearer new' ? ok({ teams: [] }) : fail(401, 'Token expired', 'TOKEN_EXPIRED'),
      'POST /auth/refresh': ok({ user, token: 'new' }),
    });
    await expect(apiRequest('/teams')).resolves.toEqual({ teams: [] });
    stop();
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST /auth/refresh')[0]!.authorization).toBe('Bearer old');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('new');
    expect(events).toEqual([{ type: 'refreshed', user, token: 'new' }]);
  });

  it('refreshes only once: a retry that is refused again answers with its error', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old');
    const api = stubApi({
      'GET /teams': fail(401, 'Token expired', 'TOKEN_EXPIRED'),
      'POST /auth/refresh': ok({ user: makeUser(), token: 'new' }),
    });
    await expect(apiRequest('/teams')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /teams').map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('shares one refresh among calls that expire together', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old');
    const answer = (call: { authorization: string | null }) =>
      call.authorization === 'Bearer new' ? ok({ done: true }) : fail(401, 'Token expired', 'TOKEN_EXPIRED');
    const api = stubApi({ 'GET /teams': answer, 'GET /users/me': answer, 'POST /auth/refresh': ok({ user: makeUser(), token: 'new' }) });
    await expect(Promise.all([apiRequest('/teams'), apiRequest('/users/me')])).resolves.toEqual([{ done: true }, { done: true }]);
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
  });

  it('keeps the server message over the fallback, and uses the fallback when there is none', async () => {
    stubApi({ 'GET /teams': fail(403, 'Access denied: You are not a member of this team', 'FORBIDDEN'), 'GET /users/me': { status: 500 } });
    await expect(apiRequest('/teams', { fallback: 'Failed to fetch teams' })).rejects.toMatchObject({
      message: 'Access denied: You are not a member of this team',
      status: 403,
    });
    await expect(apiRequest('/users/me', { fallback: 'Failed to fetch profile' })).rejects.toMatchObject({
      message: 'Failed to fetch profile',
      status: 500,
    });
  });

  it('ends the session when the refresh is refused, and rethrows the original error', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old');
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((e) => events.push(e));
    stubApi({
      'GET /teams': fail(401, 'Token expired', 'TOKEN_EXPIRED'),
      'POST /auth/refresh': fail(401, 'Your session has expired. Please sign in again.', 'TOKEN_EXPIRED'),
    });
    await expect(apiRequest('/teams')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
    stop();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(events).toEqual([{ type: 'ended' }]);
  });
});

describe('attachment upload', () => {
  const CONVERSATION = '0193a0c4-0000-7000-8000-0000000000c1';
  const UPLOAD = `POST /chat/conversations/${CONVERSATION}/attachments`;
  const file = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });
  const attachment = { id: 'a1', filename: 'notes.txt', mime: 'text/plain', size: 5, url: '/files/a1' };

  it('sends the files as multipart with the token, without a JSON content type', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const api = stubApi({ [UPLOAD]: ok({ attachments: [attachment] }, 201) });
    await expect(chatApi.upload(CONVERSATION, [file()])).resolves.toEqual([attachment]);
    const call = api.callsTo(UPLOAD)[0]!;
    expect(call.authorization).toBe('Bearer tok-1');
    expect((call.body as FormData).getAll('files').map((f) => (f as File).name)).toEqual(['notes.txt']);
    expect(new Headers(api.fetchMock.mock.calls[0]![1]!.headers).get('content-type')).toBeNull();
  });

  it('refreshes once on TOKEN_EXPIRED and sends the same files again with the new token', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'old');
    const api = stubApi({
      [UPLOAD]: (call) => (call.authorization === 'Bearer new' ? ok({ attachments: [attachment] }, 201) : fail(401, 'Token expired', 'TOKEN_EXPIRED')),
      'POST /auth/refresh': ok({ user: makeUser(), token: 'new' }),
    });
    await expect(chatApi.upload(CONVERSATION, [file()])).resolves.toEqual([attachment]);
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    const [first, retry] = api.callsTo(UPLOAD);
    expect([first!.authorization, retry!.authorization]).toEqual(['Bearer old', 'Bearer new']);
    expect((retry!.body as FormData).get('files')).toMatchObject({ name: 'notes.txt', size: 5 });
  });

  it("keeps the server's refusal (415) and says 'Network error' with status 0 when there is no answer", async () => {
    stubApi({ [UPLOAD]: [fail(415, 'This file type is not allowed', 'UNSUPPORTED_MEDIA_TYPE'), { networkError: true }] });
    await expect(chatApi.upload(CONVERSATION, [file()])).rejects.toMatchObject({ message: 'This file type is not allowed', status: 415 });
    await expect(chatApi.upload(CONVERSATION, [file()])).rejects.toMatchObject({ message: 'Network error', status: 0 });
  });
});

describe('auth calls', () => {
  it('send the login field as username and keep the server message', async () => {
    const api = stubApi({ 'POST /auth/login': fail(401, 'Invalid username/email or password', 'INVALID_CREDENTIALS') });
    await expect(authApi.login(' ada@example.test ', 'pw')).rejects.toMatchObject({
      message: 'Invalid username/email or password',
    });
    expect(api.calls[0]!.body).toEqual({ username: 'ada@example.test', password: 'pw' });
  });

  it('fall back to the action’s own text when the server gives none', async () => {
    stubApi({ 'POST /auth/login': { status: 500, body: '' }, 'POST /auth/email/send-magic-link': { status: 503 } });
    await expect(authApi.login('ada', 'pw')).rejects.toMatchObject({ message: 'Login failed', status: 500 });
    await expect(authApi.sendMagicLink('ada')).rejects.toMatchObject({ message: 'Failed to send magic link' });
  });
});

describe('avatar upload with progress', () => {
  const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

  it('reports how much of the body has gone and answers the agent, with the token and the `avatar` field', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok-1');
    const agent = { ...makeUser().agent, avatarUrl: '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp' };
    const api = stubApi({ 'PUT /users/me/avatar': ok({ agent }) });
    const progress: number[] = [];
    await expect(avatarApi.uploadMine(image(), (fraction) => progress.push(fraction))).resolves.toEqual(agent);
    expect(progress).toEqual([0.5, 1]);
    const call = api.callsTo('PUT /users/me/avatar')[0]!;
    expect(call.authorization).toBe('Bearer tok-1');
    expect((call.body as FormData).get('avatar')).toMatchObject({ name: 'me.png' });
  });

  it("keeps the server's refusal (413) in the envelope's words", async () => {
    stubApi({ 'PUT /users/me/avatar': fail(413, 'The image must be at most 5 MB', 'PAYLOAD_TOO_LARGE') });
    await expect(avatarApi.uploadMine(image(), () => {})).rejects.toMatchObject({ message: 'The image must be at most 5 MB', status: 413 });
  });
});

describe('server messages in the reader\'s language', () => {
  afterEach(() => applyLanguage('en'));

  it('translates the message and the field messages where the error is made; a text without a translation stays as sent', async () => {
    await applyLanguage('de');
    i18n.addResource('de', 'translation', 'Username is already taken', 'Dieser Benutzername ist schon vergeben');
    stubApi({
      'POST /auth/register': fail(409, 'Username is already taken', 'CONFLICT', { username: 'Username is already taken', email: 'Some text nobody translated' }),
    });
    const error = await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Dieser Benutzername ist schon vergeben',
      status: 409,
      code: 'CONFLICT',
      details: { username: 'Dieser Benutzername ist schon vergeben', email: 'Some text nobody translated' },
    });
  });
});
