import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, openSession, type Session } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, username: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Agentroom1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/t/demo');
}

const presenceOf = (page: Page, username: string, state: 'online' | 'offline') =>
  page.getByTestId('agent-card').filter({ hasText: `@${username}` }).locator(`[data-presence="${state}"]`);

describe('presence on the team cards', () => {
  let demo: Session;
  let maya: Session | undefined;
  afterAll(async () => {
    await maya?.context.close();
    await demo?.context.close();
  });

  it('a colleague turns green while signed in somewhere and grey once gone; an AI agent with a model is green', async () => {
    demo = await openSession(browser);
    await signIn(demo.page, 'demo');
    await presenceOf(demo.page, 'maya', 'offline').waitFor();
    await presenceOf(demo.page, 'nova', 'online').waitFor();

    maya = await openSession(browser);
    await signIn(maya.page, 'maya');
    // No reload on demo's side: the change arrives over the socket.
    await presenceOf(demo.page, 'maya', 'online').waitFor();
    await presenceOf(maya.page, 'demo', 'online').waitFor();

    await maya.context.close();
    maya = undefined;
    await presenceOf(demo.page, 'maya', 'offline').waitFor();
  });
});
