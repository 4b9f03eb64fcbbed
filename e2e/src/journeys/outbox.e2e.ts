import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession, PHONE, resizeTo, type Session } from '../support/browser';
import { DESKTOP, shot, signIn } from '../support/journey-kit';

const DEMO = { username: 'demo', password: 'Agentroom1' };
const WAITING = 'Will send when you are back online';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const connection = (page: Page, state: 'connected' | 'disconnected') => page.locator(`[data-testid="connection-dot"][data-connection="${state}"]`).waitFor();
const messageWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const outbox = (page: Page) => page.getByTestId('outbox-entry');

/**
 * Every try of a message with `text` leaving the page, over the socket (`message:send`) or HTTP:
 * the clientMessageId each carried.
 */
function recordSends(page: Page, text: string): string[] {
  const ids: string[] = [];
  const take = (body: string | undefined | null) => {
    if (!body?.includes(text)) return;
    const id = /"clientMessageId":"([^"]+)"/.exec(body)?.[1];
    if (id) ids.push(id);
  };
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => take(typeof payload === 'string' ? payload : payload.toString())));
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/messages(\/async)?$/.test(new URL(request.url()).pathname)) take(request.postData());
  });
  return ids;
}

describe('the outbox', () => {
  let session: Session;
  afterAll(async () => {
    await session?.context.close();
  });

  it('a message written offline waits under the composer and goes out by itself, once, when the network is back (1280 and 375 px)', async () => {
    session = await openSession(browser);
    const { page, context } = session;
    await signIn(page, DEMO);
    await page.waitForURL((url) => url.pathname === '/t/demo');
    await page.goto('/t/demo/p/@maya');

    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await resizeTo(page, viewport);
      await connection(page, 'connected');
      const input = page.getByPlaceholder('Type a message...');
      await input.and(page.locator(':enabled')).waitFor();
      const text = `Written on the train (${size}, ${Date.now()})`;
      const sends = recordSends(page, text);

      // Offline: the socket drops with the network, and the message waits in the outbox.
      await context.setOffline(true);
      await connection(page, 'disconnected');
      await input.fill(text);
      await input.press('Enter');
      await outbox(page).filter({ hasText: text }).filter({ hasText: WAITING }).waitFor();
      expect(await messageWith(page, text).count()).toBe(0);
      expect(await input.inputValue()).toBe('');
      await expectAccessible(page);
      await shot(page, `outbox-waiting-${size}`);

      // Back online: it goes out by itself and the outbox empties.
      await context.setOffline(false);
      await messageWith(page, text).and(page.locator(':not([data-pending])')).waitFor();
      await outbox(page).filter({ hasText: text }).waitFor({ state: 'detached' });
      await connection(page, 'connected');
      expect(sends.length).toBeGreaterThan(0);
      expect(new Set(sends).size).toBe(1);

      // Stored once: a fresh load of the conversation shows it once.
      await page.reload();
      await messageWith(page, text).waitFor();
      expect(await messageWith(page, text).count()).toBe(1);
      expect(await outbox(page).count()).toBe(0);
    }
    await resizeTo(page, DESKTOP);
    expect(session.problems).toEqual([]);
    // Two rounds with a reload each: more than one journey step's time on a small machine.
  }, 180_000);

  it('reacts with any emoji from the full picker, at 375 px as well', async () => {
    const { page } = session;
    await connection(page, 'connected');
    const text = `Pick an emoji (${Date.now()})`;
    const input = page.getByPlaceholder('Type a message...');
    await input.fill(text);
    await input.press('Enter');
    const message = messageWith(page, text).and(page.locator(':not([data-pending])'));
    await message.waitFor();

    for (const [size, viewport, emoji] of [
      ['desktop', DESKTOP, 'rocket'],
      ['phone', PHONE, 'hedgehog'],
    ] as const) {
      await resizeTo(page, viewport);
      await message.hover();
      await message.getByRole('button', { name: 'Add reaction' }).click();
      await page.getByRole('button', { name: 'More reactions' }).click();
      const search = page.getByLabel('Type to search for an emoji');
      await search.fill(emoji);
      await shot(page, `emoji-picker-${size}`);
      await page.getByRole('dialog', { name: 'Reactions' }).getByLabel(emoji, { exact: true }).first().click();
      await page.getByRole('dialog', { name: 'Reactions' }).waitFor({ state: 'detached' });
    }
    const chips = message.getByRole('list', { name: 'Reactions' }).getByRole('button');
    await chips.filter({ hasText: '🦔' }).waitFor();
    expect(await chips.allTextContents()).toEqual(['🚀1', '🦔1']);
    await resizeTo(page, DESKTOP);
    expect(session.problems).toEqual([]);
  });
});
