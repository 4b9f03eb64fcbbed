import { createElement } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth, type AuthContextValue } from '../auth/auth-context';
import { AuthProvider } from '../auth/auth-provider';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
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

describe('"Sign out"', () => {
  it('forgets this device with the sign-in still valid, then signs out', async () => {
    const { unsubscribe } = stubSubscription();
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    const api = stubApi({
      'GET /auth/me': ok({ user: makeUser() }),
      'GET /users/me/push-devices': ok({ publicKey: 'key', devices: [mine] }),
      [`DELETE /users/me/push-devices/${mine.id}`]: ok({ removed: true }),
      'POST /auth/logout': ok({ signedOut: true }),
    });
    const current: { value?: AuthContextValue } = {};
    function Probe() {
      current.value = useAuth();
      return null;
    }
    render(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(AuthProvider, null, createElement(Probe))));
    await waitFor(() => expect(current.value?.isAuthenticated).toBe(true));

    await act(() => current.value!.logout());
    const order = api.calls.map((c) => `${c.method} ${c.path} ${c.authorization ?? 'no token'}`);
    expect(order.slice(1)).toEqual([
      'GET /users/me/push-devices Bearer tok',
      `DELETE /users/me/push-devices/${mine.id} Bearer tok`,
      'POST /auth/logout Bearer tok',
    ]);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(current.value).toMatchObject({ isAuthenticated: false, token: null });
  });
});
