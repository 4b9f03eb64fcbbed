import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { forgetThisDevice } from './forget-this-device';

const HERE = 'https://push.example.test/send/this-browser';
const mine = { id: '0193a0c4-0000-7000-8000-0000000000d2', label: 'Chrome on Android', endpoint: HERE, createdAt: '2026-11-27T09:00:00.000Z', lastPushedAt: null };
const other = { ...mine, id: '0193a0c4-0000-7000-8000-0000000000d1', label: 'Firefox on Linux', endpoint: 'https://push.example.test/send/laptop' };

function stubSubscription() {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { endpoint: HERE, unsubscribe };
  const registration = { active: {}, pushManager: { getSubscription: async () => subscription } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', class {});
  return { unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('forgetting this device on sign-out', () => {
  it('removes this device (only) on the server and drops the browser subscription', async () => {
    const { unsubscribe } = stubSubscription();
    const api = stubApi({
      'GET /users/me/push-devices': ok({ publicKey: 'key', devices: [other, mine] }),
      [`DELETE /users/me/push-devices/${mine.id}`]: ok({ removed: true }),
    });
    await forgetThisDevice();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/users/me/push-devices/${mine.id}`]);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('drops the browser subscription even when the server cannot be reached', async () => {
    const { unsubscribe } = stubSubscription();
    stubApi({ 'GET /users/me/push-devices': { networkError: true } });
    await forgetThisDevice();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('asks the server nothing when this browser has no subscription', async () => {
    const api = stubApi({});
    await forgetThisDevice();
    expect(api.calls).toEqual([]);
  });
});
