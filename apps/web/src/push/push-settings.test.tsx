import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { PushSettings } from './push-settings';

// A VAPID public key is 65 bytes (an uncompressed P-256 point), sent base64url.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i * 7) % 256);
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const HERE = 'https://push.example.test/send/this-browser';

const device = (id: string, label: string, endpoint: string, createdAt = '2026-03-14T10:00:00.000Z') => ({ id, label, endpoint, createdAt, lastPushedAt: null });
const laptop = device('0193a0c4-0000-7000-8000-0000000000d1', 'Firefox on Linux', 'https://push.example.test/send/laptop');

/** This browser's push machinery: a service worker registration whose PushManager subscribes at HERE. */
function stubBrowser({ permission = 'default', answer = 'granted', subscribed = false }: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = {
    endpoint: HERE,
    unsubscribe,
    toJSON: () => ({ endpoint: HERE, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = subscription;
    return subscription;
  });
  const registration = { active: {}, pushManager: { getSubscription: async () => current, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function renderSettings(table: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ 'GET /users/me/notifications': ok({ notifications: { unreadEmailDelayMinutes: 15, pushPreviews: false } }), ...table });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PushSettings />
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup(), section: screen.getByRole('region', { name: 'Push notifications' }) };
}

describe('Push notifications settings', () => {
  it('turns push on for this device: asks permission, subscribes with the server key, and lists it as this device', async () => {
    const browser = stubBrowser();
    const added = device('0193a0c4-0000-7000-8000-0000000000d2', 'Chrome on Android', HERE, '2026-11-27T09:00:00.000Z');
    const { api, user, section } = renderSettings({
      'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [laptop] }),
      'POST /users/me/push-devices': ok({ device: added }, 201),
    });
    const toggle = await within(section).findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...new Uint8Array(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(api.callsTo('POST /users/me/push-devices').map((c) => c.body)).toEqual([
      { endpoint: HERE, keys: { p256dh: expect.stringMatching(/^BNc/), auth: 'tBHItJI5svbpez7KI4CCXg' } },
    ]);

    const list = within(section).getByRole('list', { name: 'Devices with push notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Firefox on Linux'),
      expect.stringContaining('Chrome on Android'),
    ]);
    expect(rows[1]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Added Nov 27, 2026');
    expect(rows[0]).not.toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Added Mar 14, 2026');
  });

  it('turns push off for this device: removes it on the server and drops the browser subscription', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const mine = device('0193a0c4-0000-7000-8000-0000000000d2', 'Chrome on Android', HERE);
    const { api, user, section } = renderSettings({
      'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [laptop, mine] }),
      [`DELETE /users/me/push-devices/${mine.id}`]: ok({ removed: true }),
    });
    const toggle = await within(section).findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeChecked());

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo(`DELETE /users/me/push-devices/${mine.id}`)).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(within(section).getAllByRole('listitem').map((row) => row.textContent)).toEqual([expect.stringContaining('Firefox on Linux')]);
  });

  it('removes another device from the list and leaves this one subscribed', async () => {
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const mine = device('0193a0c4-0000-7000-8000-0000000000d2', 'Chrome on Android', HERE);
    const { api, user, section } = renderSettings({
      'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [laptop, mine] }),
      [`DELETE /users/me/push-devices/${laptop.id}`]: ok({ removed: true }),
    });
    await user.click(await within(section).findByRole('button', { name: 'Remove Firefox on Linux' }));
    await waitFor(() => expect(within(section).queryByText('Firefox on Linux')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /users/me/push-devices/${laptop.id}`)).toHaveLength(1);
    expect(browser.unsubscribe).not.toHaveBeenCalled();
    expect(within(section).getByRole('switch', { name: 'Push notifications on this device' })).toBeChecked();
  });

  it('keeps the browser unsubscribed when the server refuses the device, and says so', async () => {
    const browser = stubBrowser();
    const { user, section } = renderSettings({
      'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [] }),
      'POST /users/me/push-devices': fail(500, 'Internal server error', 'INTERNAL'),
    });
    const toggle = await within(section).findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toggle).not.toBeChecked();
  });

  it('explains how to allow notifications when the browser blocks them, and subscribes nothing', async () => {
    const browser = stubBrowser({ permission: 'default', answer: 'denied' });
    const { api, user, section } = renderSettings({ 'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [] }) });
    const toggle = await within(section).findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await within(section).findByText(/Notifications are blocked for Agentroom in this browser/)).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST /users/me/push-devices')).toHaveLength(0);
  });

  it('says when the server has no push set up', async () => {
    stubBrowser();
    const { section } = renderSettings({ 'GET /users/me/push-devices': ok({ publicKey: null, devices: [] }) });
    expect(await within(section).findByText("Push notifications aren't set up on this server.")).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says when this browser cannot receive pushes, and still lists the other devices', async () => {
    const { section } = renderSettings({ 'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [laptop] }) });
    expect(await within(section).findByText("This browser can't receive push notifications.")).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove Firefox on Linux' })).toBeInTheDocument();
  });

  it('saves whether pushes may show the message text', async () => {
    stubBrowser({ permission: 'granted' });
    const { api, user, section } = renderSettings({
      'GET /users/me/push-devices': ok({ publicKey: PUBLIC_KEY, devices: [] }),
      'PATCH /users/me/notifications': ok({ notifications: { unreadEmailDelayMinutes: 15, pushPreviews: true } }),
    });
    const previews = await within(section).findByRole('checkbox', { name: 'Show message text in push notifications' });
    expect(previews).not.toBeChecked();
    await user.click(previews);
    await waitFor(() => expect(api.callsTo('PATCH /users/me/notifications').map((c) => c.body)).toEqual([{ pushPreviews: true }]));
    await waitFor(() => expect(previews).toBeChecked());
  });
});
