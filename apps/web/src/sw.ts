/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';

/**
 * The service worker (decision 0027): the app shell offline, and Web Push.
 *
 * What it keeps is the build's shell only (index.html, scripts, styles: the list vite.config.ts
 * writes into `__WB_MANIFEST`). There is deliberately NO runtime caching: API answers, avatars and
 * uploads always go to the network, so nothing one person saw is left on the device for the next
 * person after a sign-out, and nothing stale is ever shown as current.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the same index.html: offline it comes from the cache, and the app then
// says "You are offline" instead of the browser's error page. The server's own pages are left alone.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/socket\.io\//, /^\/metrics/, /^\/dev\//],
  }),
);

// The first install takes the open page at once (so it works offline from the first visit). A later
// version waits for every window to close (vite.config.ts says why): no skipWaiting here.
clientsClaim();

/** What the server pushes: already worded for the person, without message text unless they allowed previews. */
interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    return data && typeof data.title === 'string' ? { title: data.title, body: data.body, url: data.url, tag: data.tag } : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  // Shown even when a window is open: the server already skips people who are active in the app.
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per conversation: a newer one replaces the older instead of stacking up.
      tag: payload.tag,
      data: { url: payload.url ?? '/' },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
    }),
  );
});

/** Only paths of this app are opened: a payload's url never sends the person to another site. */
function targetUrl(data: unknown): string {
  const raw = typeof data === 'object' && data && 'url' in data && typeof data.url === 'string' ? data.url : '/';
  const url = new URL(raw, self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + '/';
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await (focused ?? open).navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// No 'pushsubscriptionchange' handler: renewing a subscription the push service replaced would need
// the person's sign-in, which the worker does not hold. The device then shows as off in the push
// settings, where the person turns it on again.
