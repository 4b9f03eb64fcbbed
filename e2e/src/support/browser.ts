import { existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from './paths';

const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and CSP violations seen so far; a journey ends by asserting none. */
  problems: string[];
}

/** A fresh browser profile (no stored token) at desktop size, pointed at the test server. */
export async function openSession(browser: Browser, options: { colorScheme?: 'light' | 'dark'; locale?: string } = {}): Promise<Session> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale,
    reducedMotion: 'reduce',
  });
  // Chromium reports some CSP refusals only as an event (e.g. a caught `new Function` probe): echo them to the console.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(`CSP: ${message.text()}`);
  });
  return { context, page, problems };
}

/**
 * The window at a new size, once the page has taken it in: the browser reports a media query's change
 * in its next frame, and the app (the shell's sidebar or drawer, the thread beside or over the chat)
 * re-renders in that event. Two frames on, the layout is the new size's; judging it any sooner could
 * see a sidebar in a phone's width.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Saves the current screen at desktop and phone width under e2e/artifacts/. */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-desktop.png`), fullPage: true });
  await resizeTo(page, PHONE);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-phone.png`), fullPage: true });
  await resizeTo(page, DESKTOP);
}

/** Desktop only, for screens that do not stay long (e.g. before a timed redirect). */
export async function snapDesktop(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-desktop.png`) });
}

/** axe on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/** The page's path (and query) without the origin. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

let counter = 0;
/** Names no other journey uses, valid for the registration rules. */
export function uniqueUser(prefix: string) {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.test`, password: 'Passw0rdOk', firstName: 'Grace', lastName: 'Hopper' };
}
