import { registerSW } from 'virtual:pwa-register';
import { onSessionEvent } from '../api/session-events';
import { forgetSubscriptionHere } from './push-subscription';

/**
 * Registers the service worker (src/sw.ts: the app shell offline, Web Push). Production builds only:
 * in development Vite serves modules the worker knows nothing of.
 *
 * A session that ended without "Sign out" (refused by the server: signed out elsewhere, password
 * changed) also ends this device's push subscription: the next person to sign in here must not get
 * the previous person's notifications. The server's row cannot be removed without the sign-in; the
 * push service refuses the dropped subscription and the server forgets it on its next push.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void registerSW({ immediate: true });
  onSessionEvent((event) => {
    if (event.type === 'ended') void forgetSubscriptionHere();
  });
}
