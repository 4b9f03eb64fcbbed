import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/config';
import { startTestServer, type TestServer } from '../support/test-server';

const LIMIT = 2;

/** Login attempts from two claimed client addresses; true when the second address is still allowed. */
async function secondAddressHasOwnBucket(server: TestServer): Promise<boolean> {
  const attempt = (address: string) =>
    server.api().post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ username: 'nobody', password: 'Wrong1234' });
  for (let i = 0; i < LIMIT; i += 1) expect((await attempt('198.51.100.1')).status).not.toBe(429);
  expect((await attempt('198.51.100.1')).status).toBe(429);
  return (await attempt('198.51.100.2')).status !== 429;
}

describe('TRUST_PROXY', () => {
  let byDefault: TestServer;
  let notTrusting: TestServer;
  beforeAll(async () => {
    byDefault = await startTestServer({ RATE_LIMIT_LOGIN_MAX: String(LIMIT) });
    notTrusting = await startTestServer({ RATE_LIMIT_LOGIN_MAX: String(LIMIT), TRUST_PROXY: 'false' });
  });
  afterAll(async () => {
    await Promise.all([byDefault?.stop(), notTrusting?.stop()]);
  });

  it('by default (loopback) believes X-Forwarded-For from a proxy on this machine: one bucket per client', async () => {
    expect(await secondAddressHasOwnBucket(byDefault)).toBe(true);
  });

  it('set to false ignores X-Forwarded-For: every claimed address shares the peer’s bucket', async () => {
    expect(await secondAddressHasOwnBucket(notTrusting)).toBe(false);
  });
});

describe('parseTrustProxy', () => {
  it('accepts false, a hop count and lists of addresses, CIDRs and names', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(parseTrustProxy('10.0.0.0/8,::1,fd00::/8')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it('refuses true (any client could choose its address) and anything unreadable, at start-up', () => {
    for (const value of ['true', 'everyone', '10.0.0.0/8/1', ''])
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
