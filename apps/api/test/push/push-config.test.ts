import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const base = { DATA_DIR: 'memory://', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long' };

describe('push settings', () => {
  it('generates VAPID keys outside production (once per process for memory://), off in production without keys', () => {
    const first = loadConfig({ ...base, NODE_ENV: 'test' }).push.vapid;
    expect(Buffer.from(first!.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first!.privateKey, 'base64url')).toHaveLength(32);
    expect(first!.subject).toBe('mailto:no-reply@agentroom.local');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).push.vapid).toEqual(first);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).push.vapid).toBeNull();
  });

  it('takes keys and a subject from the environment, refusing half a pair, wrong lengths and other subjects', () => {
    const { publicKey, privateKey } = loadConfig({ ...base, NODE_ENV: 'test' }).push.vapid!;
    const given = loadConfig({ ...base, NODE_ENV: 'production', VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'https://ops.example.com' });
    expect(given.push.vapid).toEqual({ publicKey, privateKey, subject: 'https://ops.example.com' });
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: publicKey })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: publicKey })).toThrow(/P-256 keys/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://ops.example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ ...base, PUSH_ALLOWED_HOSTS: ' 127.0.0.1, Push.Local ' }).push.allowedHosts).toEqual(['127.0.0.1', 'push.local']);
  });
});
