import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

/**
 * A node remembers the tokens it has verified (auth/tokens.ts) so a busy client's token is not
 * verified again on every request; what a user notices must not change: a token still stops
 * working when it expires, and refresh still exchanges it while the session lives.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JWT_TTL_SECONDS: '60' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await server?.stop();
});

describe('access token expiry', () => {
  it('refuses a token used a moment ago once it has expired, and refresh still exchanges it', async () => {
    const user = await signUpVerified(server, 'exp');
    const auth = { Authorization: `Bearer ${user.token}` };
    await server.api().get('/api/v1/auth/me').set(auth).expect(200);
    await server.api().get('/api/v1/auth/me').set(auth).expect(200);

    // Only the clock moves (no waiting): 61 s later the same token has expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const expired = await server.api().get('/api/v1/auth/me').set(auth).expect(401);
    expect(expired.body).toMatchObject({ success: false, code: 'TOKEN_EXPIRED' });
    const refreshed = await server.api().post('/api/v1/auth/refresh').set(auth).expect(200);
    await server.api().get('/api/v1/auth/me').set({ Authorization: `Bearer ${refreshed.body.data.token}` }).expect(200);
  });

  it('refuses a token whose signature was changed, even right after the real one was used', async () => {
    const user = await signUpVerified(server, 'forged');
    await server.api().get('/api/v1/auth/me').set({ Authorization: `Bearer ${user.token}` }).expect(200);
    const [header, payload, signature] = user.token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await server.api().get('/api/v1/auth/me').set({ Authorization: `Bearer ${forged}` }).expect(401);
  });
});
