import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession, PHONE, resizeTo } from '../support/browser';
import { shot } from '../support/journey-kit';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

describe('the app on a phone (decision 0027)', () => {
  it('is installable, opens offline with "You are offline" from its own shell, and comes back with the network', async () => {
    const { page, context, problems } = await openSession(browser);
    await resizeTo(page, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();

    // Install criteria: a linked manifest with a name, a start URL in scope, standalone display and
    // 192 and 512 px PNG icons (one of them maskable) that load; a service worker that controls the page.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await context.request.get(manifestHref!);
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Agentroom', short_name: 'Agentroom', start_url: '/', scope: '/', display: 'standalone' });
    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const response = await context.request.get(icon.src);
      expect({ icon: icon.src, status: response.status(), type: response.headers()['content-type'] }).toEqual({ icon: icon.src, status: 200, type: 'image/png' });
    }
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await context.request.get(touchIcon!)).headers()['content-type']).toBe('image/png');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#4f46e5');

    // The worker registers once the first screen is drawn, and keeps the shell before it is ready.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL('/', page.url()).href);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');

    // Offline: the page comes from the worker's cache (not the browser's error page) and says so.
    await context.setOffline(true);
    await page.goto('/t/demo');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByText('Agentroom will reconnect when your connection is back.').waitFor();
    expect(await page.title()).toBe('Agentroom (beta) — You are offline');
    await expectAccessible(page);
    await shot(page, 'pwa-offline-phone');

    // Back online: the app starts by itself, no reload needed (a visitor lands on sign-in).
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
