import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { authApi } from './auth-api';
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

describe('auth calls', () => {
  it('send the login field as username and keep the server message', async () => {
    const api = stubApi({ 'POST /auth/login': fail(401, 'Invalid username/email or password', 'INVALID_CREDENTIALS') });
    await expect(authApi.login(' ada@example.test ', 'pw')).rejects.toMatchObject({
      message: 'Invalid username/email or password',
    });
    expect(api.calls[0]!.body).toEqual({ username: 'ada@example.test', password: 'pw' });
  });

  it('fall back to the spec text when the server gives none', async () => {
    stubApi({ 'POST /auth/login': { status: 500, body: '' }, 'POST /auth/email/send-magic-link': { status: 503 } });
    await expect(authApi.login('ada', 'pw')).rejects.toMatchObject({ message: 'Login failed', status: 500 });
    await expect(authApi.sendMagicLink('ada')).rejects.toMatchObject({ message: 'Failed to send magic link' });
  });
});
