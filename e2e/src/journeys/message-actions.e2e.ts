import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerViaApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, pathOf, snap, uniqueUser } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function verifiedUser(prefix: string) {
  const user = uniqueUser(prefix);
  await registerViaApi(user, { verify: true });
  const login = await callApi<{ token: string; user: { agentId: string } }>('/auth/login', { username: user.username, password: user.password });
  return { ...user, token: login.token, agentId: login.user.agentId };
}

/** People talk only while they share a team (the reach rule, decision 0022): `a` makes one with `b`. */
async function shareTeam(a: { username: string; token: string }, b: { username: string }) {
  const handle = `pair-${a.username.slice(-6)}`;
  await callApi('/teams', { name: 'Pair', handle }, a.token);
  await callApi(`/teams/${handle}/members`, { username: b.username }, a.token);
}

/** Whether the element's box lies inside the viewport (it was scrolled to, not just rendered). */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('around every conversation', () => {
  it('opens a chat at a message far back (?at=<seq>), reacts to it, deletes one of one’s own, then loads newer messages', async () => {
    const ada = await verifiedUser('ada');
    const bob = await verifiedUser('bob');
    await shareTeam(ada, bob);
    const { conversation } = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${bob.agentId}/start`, {}, ada.token);
    const send = (from: { token: string }, content: string) =>
      callApi<{ participantMessage: { id: string; seq: number } }>(`/chat/conversations/${conversation.id}/messages`, { content }, from.token);
    for (let n = 1; n <= 30; n += 1) await send(n % 2 ? bob : ada, `Older message ${n}`);
    const needle = (await send(bob, 'The needle in the haystack')).participantMessage;
    const mine = (await send(ada, 'A typo I regret')).participantMessage;
    // Two pages after them, so the chat's first page is nowhere near them.
    for (let n = 1; n <= 80; n += 1) await send(n % 2 ? bob : ada, `Filler message ${n}`);

    const { page, context, problems } = await openSession(browser);
    await page.goto('/auth/login');
    await page.getByLabel('Username or email').fill(ada.username);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth/login');

    await page.goto(`/p/${bob.username}?at=${needle.seq}`);
    const target = page.locator(`[data-message-id="${needle.id}"]`);
    await target.waitFor();
    expect(await target.getAttribute('data-focused')).toBe('true');
    expect(await onScreen(page, `[data-message-id="${needle.id}"]`)).toBe(true);
    // Its older neighbours are there too, above it.
    expect(await page.getByRole('button', { name: 'Load more messages' }).count()).toBe(1);
    expect(await page.getByTestId('message').filter({ hasText: 'Older message 30' }).count()).toBe(1);
    // The jump is done: the address is the chat's own again.
    await expect.poll(() => pathOf(page)).toBe(`/p/${bob.username}`);
    await expectAccessible(page);

    // React with the palette; the chip shows it as Ada's.
    await target.hover();
    await target.getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('button', { name: 'React with 🎉' }).click();
    const chip = target.getByRole('button', { name: /reacted with 🎉 \(1\)/ });
    await chip.waitFor();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');

    // Delete one's own message, after confirming.
    const own = page.locator(`[data-message-id="${mine.id}"]`);
    await own.hover();
    await own.getByRole('button', { name: 'Delete message' }).click();
    await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
    await own.getByText('This message was deleted').waitFor();
    await snap(page, 'chat-opened-at-a-message');

    // The server agrees on both.
    const around = await callApi<{ messages: { id: string; deleted?: boolean; reactions?: { emoji: string }[] }[] }>(
      `/chat/conversations/${conversation.id}/messages?around=${needle.seq}&limit=4`,
      undefined,
      bob.token,
    );
    expect(around.messages.find((m) => m.id === needle.id)?.reactions?.map((r) => r.emoji)).toEqual(['🎉']);
    expect(around.messages.find((m) => m.id === mine.id)?.deleted).toBe(true);

    // Newer pages, until the newest message.
    for (let pages = 0; pages < 4; pages += 1) {
      const more = page.getByRole('button', { name: 'Load newer messages' });
      if ((await more.count()) === 0) break;
      await more.scrollIntoViewIfNeeded();
      await more.click();
      // The button shows a spinner (disabled) while the page loads, then goes or is ready again.
      await page.waitForFunction(() => {
        const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.includes('Load newer messages'));
        return !button || !button.disabled;
      });
    }
    await page.getByTestId('message').filter({ hasText: 'Filler message 80' }).waitFor();
    expect(await page.getByRole('button', { name: 'Load newer messages' }).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('a long chat opens at its newest message; "Load more messages" keeps the reader’s place; a new message waits behind the pill', async () => {
    const ada = await verifiedUser('ada');
    const bob = await verifiedUser('bob');
    await shareTeam(ada, bob);
    const { conversation } = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${bob.agentId}/start`, {}, ada.token);
    const send = (from: { token: string }, content: string) => callApi(`/chat/conversations/${conversation.id}/messages`, { content }, from.token);
    // Eighty messages: the chat's first page holds the newest fifty (31–80), the older page the rest.
    for (let n = 1; n <= 80; n += 1) await send(n % 2 ? bob : ada, `History message ${n}.`);

    const { page, context, problems } = await openSession(browser);
    const seen = (text: string) => onScreen(page, `[data-testid="message"]:has-text("${text}")`);
    await page.goto('/auth/login');
    await page.getByLabel('Username or email').fill(ada.username);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth/login');
    await page.goto(`/p/${bob.username}`);
    await page.getByTestId('message').filter({ hasText: 'History message 80.' }).waitFor();
    await expect.poll(() => seen('History message 80.')).toBe(true);

    // Up to the top of the first page (its oldest message under 'Load more messages'), then the older page.
    const more = page.getByRole('button', { name: 'Load more messages' });
    await more.scrollIntoViewIfNeeded();
    expect(await seen('History message 31.')).toBe(true);
    await more.click();
    // The older page is in above it (the list renders what is near the screen).
    await page.getByTestId('message').filter({ hasText: 'History message 30.' }).waitFor({ state: 'attached' });
    // The message that was on top when the reader asked for more is still on screen: nothing jumped.
    await expect.poll(() => seen('History message 31.')).toBe(true);
    expect(await more.count()).toBe(0);
    await expectAccessible(page);

    // Scrolled up, a new message does not pull the reader down: the pill says so and takes them there.
    await page.locator('[data-at-bottom="false"]').waitFor({ state: 'attached' });
    // Live (the socket waits for the first screen): the message arrives as an event, not a catch-up.
    await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
    await send(bob, 'Fresh news from Bob.');
    const pill = page.getByRole('button', { name: 'New messages ↓' });
    await pill.waitFor();
    expect(await seen('History message 31.')).toBe(true);
    await snap(page, 'chat-long-history-pill');
    await pill.click();
    await expect.poll(() => seen('Fresh news from Bob.')).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });
});
