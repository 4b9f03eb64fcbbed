import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushReceiver, type PushReceiver } from '@agentroom/testkit';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer } from '../teams/team-helpers';
import { listDevices, subscribeDevice } from './push-fixtures';

let server: TestServer;
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await startTestServer({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const add = (token: string, body: object) => server.api().post('/api/v1/users/me/push-devices').set(bearer(token)).send(body);

describe('push devices', () => {
  it('adds this device named from its browser, lists it with the server key, and removes it', async () => {
    const maya = await signUpVerified(server, 'maya');
    const subscription = receiver.subscribe();
    const res = await add(maya.token, subscription).set('User-Agent', FIREFOX_ON_LINUX).expect(201);
    expect(res.body.data.device).toMatchObject({ label: 'Firefox on Linux', endpoint: subscription.endpoint, lastPushedAt: null });

    const listed = await listDevices(server, maya);
    expect(Buffer.from(listed.publicKey!, 'base64url')).toHaveLength(65);
    expect(listed.publicKey).toBe(server.ctx.config.push.vapid!.publicKey);
    expect(listed.devices).toEqual([res.body.data.device]);

    // The same endpoint again (the browser renewed its keys) replaces the device, with the label given.
    const renewed = await add(maya.token, { ...receiver.subscribe(), endpoint: subscription.endpoint, label: 'Work laptop' }).expect(201);
    expect(renewed.body.data.device.id).toBe(res.body.data.device.id);
    expect((await listDevices(server, maya)).devices.map((d) => d.label)).toEqual(['Work laptop']);

    await server.api().delete(`/api/v1/users/me/push-devices/${res.body.data.device.id}`).set(bearer(maya.token)).expect(200, { success: true, data: { removed: true } });
    expect((await listDevices(server, maya)).devices).toEqual([]);
  });

  it("lets nobody list or remove another person's device (404, as a missing one)", async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const device = await subscribeDevice(server, receiver, maya);
    expect((await listDevices(server, leo)).devices).toEqual([]);
    const res = await server.api().delete(`/api/v1/users/me/push-devices/${device.id}`).set(bearer(leo.token)).expect(404);
    expect(res.body.error).toBe('Device not found');
    expect((await listDevices(server, maya)).devices.map((d) => d.id)).toEqual([device.id]);
  });

  it('moves an endpoint registered again by another account to that account: the device changed hands', async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const shared = await subscribeDevice(server, receiver, maya);
    await add(leo.token, { endpoint: shared.endpoint, keys: shared.keys }).expect(201);
    expect((await listDevices(server, maya)).devices).toEqual([]);
    expect((await listDevices(server, leo)).devices.map((d) => d.endpoint)).toEqual([shared.endpoint]);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, NUL characters, huge values and endpoints outside the host rule (400)', async () => {
    const maya = await signUpVerified(server, 'maya');
    const good = receiver.subscribe();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const bad: [string, object][] = [
      ['short p256dh', { ...good, keys: { ...good.keys, p256dh: randomBytes(33).toString('base64url') } }],
      ['p256dh off the curve', { ...good, keys: { ...good.keys, p256dh: notOnCurve } }],
      ['15-byte auth', { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } }],
      ['not base64url', { ...good, keys: { ...good.keys, auth: 'a+b/c' } }],
      ['NUL in the label', { ...good, label: 'phone\u0000' }],
      ['NUL in the endpoint', { ...good, endpoint: `${good.endpoint}\u0000` }],
      ['huge endpoint', { ...good, endpoint: `https://push.example.com/${'a'.repeat(5000)}` }],
      ['huge label', { ...good, label: 'x'.repeat(500) }],
      ['not a URL', { ...good, endpoint: 'not a url' }],
      ['ftp', { ...good, endpoint: 'ftp://push.example.com/x' }],
      ['http outside the allowed hosts', { ...good, endpoint: 'http://93.184.215.14/push/x' }],
      ['a private address over https', { ...good, endpoint: 'https://10.0.0.8/push/x' }],
      ['the metadata address', { ...good, endpoint: 'https://169.254.169.254/latest' }],
      ['loopback not allowed', { ...good, endpoint: 'https://127.0.0.2/push/x' }],
      ['credentials', { ...good, endpoint: 'https://user:pass@93.184.215.14/push/x' }],
      ['extra field', { ...good, extra: true }],
    ];
    const wrong: string[] = [];
    for (const [name, body] of bad) {
      const res = await add(maya.token, body);
      if (res.status !== 400) wrong.push(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect((await listDevices(server, maya)).devices).toEqual([]);
  });

  it('says push is off (publicKey null) and takes no device on a server without VAPID keys', async () => {
    const off = await startTestServer({ PUSH_ALLOWED_HOSTS: '127.0.0.1' }, (config) => {
      config.push.vapid = null;
    });
    try {
      const maya = await signUpVerified(off, 'maya');
      expect((await off.api().get('/api/v1/users/me/push-devices').set(bearer(maya.token)).expect(200)).body.data).toEqual({ publicKey: null, devices: [] });
      const res = await off.api().post('/api/v1/users/me/push-devices').set(bearer(maya.token)).send(receiver.subscribe()).expect(409);
      expect(res.body.error).toBe('Push notifications are off on this server');
    } finally {
      await off.stop();
    }
  });

  it('keeps at most 20 devices per person: the oldest goes', async () => {
    const maya = await signUpVerified(server, 'maya');
    const first = await subscribeDevice(server, receiver, maya);
    for (let i = 0; i < 20; i += 1) await subscribeDevice(server, receiver, maya);
    const { devices } = await listDevices(server, maya);
    expect(devices).toHaveLength(20);
    expect(devices.map((d) => d.id)).not.toContain(first.id);
  });
});
