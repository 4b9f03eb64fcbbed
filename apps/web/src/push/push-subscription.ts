import type { TAddPushDeviceRequest } from '@agentroom/shared';

/** Whether this browser can receive Web Push at all (a service worker, PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof navigator.serviceWorker !== 'undefined' && typeof window.PushManager === 'function' && typeof window.Notification === 'function';
}

/** The service worker's registration, once it is active; undefined when there is none (development) or it takes too long. */
async function activeRegistration(waitMs = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) return undefined;
  if (existing.active) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push subscription for Agentroom, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's VAPID key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Subscribes this browser with the server's key; throws when the browser has no service worker to subscribe with. */
export async function subscribeHere(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  if (!registration) throw new Error('No service worker');
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/** What the server stores of a subscription: where to push, and the keys that encrypt each payload for this browser only. */
export function deviceBody(subscription: PushSubscription): TAddPushDeviceRequest {
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** Drops this browser's subscription (nothing more is delivered to it); answers its endpoint, or null when there was none. */
export async function forgetSubscriptionHere(): Promise<string | null> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}
