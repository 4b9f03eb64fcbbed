import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, registerViaApi } from './api';
import { expectAccessible, PHONE, resizeTo, uniqueUser, type Session } from './browser';
import { ARTIFACTS_DIR } from './paths';

/** The desktop window every session opens at (see openSession). */
export const DESKTOP = { width: 1280, height: 800 };

export type SignedIn = Awaited<ReturnType<typeof verifiedUser>>;

/** A verified user with a token, made through the API (for the people a journey is not about signing up). */
export async function verifiedUser(prefix: string, firstName: string, lastName: string) {
  const user = { ...uniqueUser(prefix), firstName, lastName };
  await registerViaApi(user, { verify: true });
  const { token, user: me } = await callApi<{ token: string; user: { agentId: string } }>('/auth/login', {
    username: user.username,
    password: user.password,
  });
  return { ...user, token, agentId: me.agentId, fullName: `${firstName} ${lastName}` };
}

/** Signs in through the form; the caller waits for where it lands. */
export async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A message sent through the API, as someone the journey is not driving. */
export async function say(from: { token: string }, conversationId: string, content: string) {
  await callApi(`/chat/conversations/${conversationId}/messages`, { content, clientMessageId: crypto.randomUUID() }, from.token);
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const wider = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
    return {
      scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      wider: wider
        .filter((el) => getComputedStyle(el).position !== 'fixed')
        .slice(0, 5)
        .map((el) => `${el.tagName} "${el.textContent?.slice(0, 40)}" right=${Math.round(el.getBoundingClientRect().right)}`),
    };
  });
  expect(overflow).toEqual({ scroll: 0, wider: [] });
}

/** Colours ease between themes: look once the transitions have finished. */
export async function useScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/** The current screen under e2e/artifacts/<name>.png (the window, as the user sees it). */
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });

/**
 * The current screen at 1280 px and 375 px, light and dark: axe clean and no sideways scroll at each,
 * a screenshot of each (`<name>-desktop-light.png` …). `ready` runs after each change of size, for
 * what must be on screen again before looking (a layout that swaps panes, a drawer). Ends at desktop, light.
 */
export async function checkEverywhere(page: Page, name: string, ready: () => Promise<unknown> = async () => undefined) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await resizeTo(page, viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      await ready();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `${name}-${size}-${scheme}`);
    }
  }
  await resizeTo(page, DESKTOP);
  await useScheme(page, 'light');
  await ready();
}

/** Like openSession, on another server (e.g. the one without a model): desktop, light, reduced motion. */
export async function openSessionAt(browser: Browser, baseURL: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, colorScheme: 'light', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return { context, page, problems };
}
