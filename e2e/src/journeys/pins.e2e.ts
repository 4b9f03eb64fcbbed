import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, pathOf, PHONE, resizeTo, type Session } from '../support/browser';
import { DESKTOP, expectNoSidewaysScroll } from '../support/journey-kit';
import { eventually, lookEverywhere, signIn, teamOf, verifiedPerson, type Person } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A message sent through the API; answers its id and its place in the conversation. */
async function post(from: Person, conversationId: string, content: string) {
  const sent = await callApi<{ participantMessage: { id: string; seq: number } }>(
    `/chat/conversations/${conversationId}/messages`,
    { content, clientMessageId: crypto.randomUUID() },
    from.token,
  );
  return sent.participantMessage;
}

const bubble = (page: Page, messageId: string) => page.locator(`[data-testid="message"][data-message-id="${messageId}"]`);
const pinsButton = (page: Page, count: number) => page.getByRole('region', { name: 'Chat' }).getByRole('button', { name: `Pinned messages ${count}`, exact: true });
const pinnedList = (page: Page) => page.getByRole('dialog', { name: 'Pinned messages' });

/** Whether the element's box lies inside the window (it was scrolled to, not just rendered). */
const onScreen = (page: Page, messageId: string) =>
  bubble(page, messageId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** The room is on screen and live (joined on the socket). */
async function roomIsLive(page: Page, name: string) {
  await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: `# ${name}` }).waitFor();
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
}

/** Hovers the message and uses one of its actions (Pin, Save…). */
async function messageAction(page: Page, messageId: string, action: string) {
  await bubble(page, messageId).hover();
  await bubble(page, messageId).getByRole('button', { name: action, exact: true }).click();
}

/** Opens the pinned list from the header, chooses the pin of `messageId`, and lands on that message. */
async function jumpToPin(page: Page, count: number, messageId: string) {
  await pinsButton(page, count).click();
  const list = pinnedList(page);
  await list.locator(`[data-testid="pinned-message"][data-message-id="${messageId}"]`).getByRole('link').click();
  await list.waitFor({ state: 'detached' });
  await bubble(page, messageId).and(page.locator('[data-focused="true"]')).waitFor();
  await eventually(() => onScreen(page, messageId)).toBe(true);
}

describe('pins and saved messages', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('a member pins messages in a room (1280 px, then 375 px); another sees the count live, opens the pinned list and is taken to each; a saved message is on the Saved page', async () => {
    const lena = await verifiedPerson('pnl', 'Lena', 'Park');
    const omar = await verifiedPerson('pno', 'Omar', 'Haddad');
    const handle = await teamOf(lena, 'Pin Crew', [omar]);
    const { room } = await callApi<{ room: { id: string; name: string } }>(
      `/teams/${handle}/rooms`,
      { name: 'decisions', topic: 'What we agreed', memberIds: [omar.agentId] },
      lena.token,
    );
    const decision = await post(lena, room.id, 'Decision: we ship on Friday.');
    const owner = await post(omar, room.id, 'Owner: Omar runs the release.');

    const [a, b] = [await openSession(browser), await openSession(browser)];
    sessions.push(a, b);
    for (const [session, person] of [
      [a, lena],
      [b, omar],
    ] as const) {
      await signIn(session.page, person);
      await session.page.waitForURL((url) => url.pathname === `/t/${handle}`);
      await session.page.goto(`/t/${handle}/r/decisions`);
      await roomIsLive(session.page, 'decisions');
    }
    // No pins yet: no pins button.
    expect(await b.page.getByTestId('pins-button').count()).toBe(0);

    // At 1280 px Lena pins the decision: her bubble is marked, and Omar's header counts it, live.
    await messageAction(a.page, decision.id, 'Pin');
    await bubble(a.page, decision.id).getByTestId('pinned-mark').waitFor();
    await pinsButton(b.page, 1).waitFor();
    await bubble(b.page, decision.id).getByTestId('pinned-mark').waitFor();
    await bubble(b.page, decision.id).hover();
    await bubble(b.page, decision.id).getByRole('button', { name: 'Unpin', exact: true }).waitFor();

    // At 375 px she pins Omar's message; his count follows.
    for (const page of [a.page, b.page]) await resizeTo(page, PHONE);
    await messageAction(a.page, owner.id, 'Pin');
    await pinsButton(b.page, 2).waitFor();

    // The conversation moves on: after a reload the pinned messages are far above Omar's first page.
    for (let n = 1; n <= 60; n += 1) await post(n % 2 ? lena : omar, room.id, `Chatter ${n}`);
    await b.page.reload();
    await roomIsLive(b.page, 'decisions');
    await b.page.getByTestId('message').filter({ hasText: 'Chatter 60' }).waitFor();
    expect(await bubble(b.page, decision.id).count()).toBe(0);

    // On a phone the list is a sheet over the whole width, newest pinned first, each with who pinned it.
    await pinsButton(b.page, 2).click();
    const rows = pinnedList(b.page).getByTestId('pinned-message');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id')))).toEqual([owner.id, decision.id]);
    expect(await rows.nth(1).textContent()).toContain('Pinned by Lena Park');
    expect((await pinnedList(b.page).boundingBox())?.width).toBe(PHONE.width);
    await expectNoSidewaysScroll(b.page);
    // Then the same list beside the room at 1280 px, and again at 375 px, light and dark.
    await resizeTo(b.page, DESKTOP);
    await lookEverywhere(b.page, 'pins-list', {
      atPhone: async (page) => {
        await pinnedList(page).getByTestId('pinned-message').first().waitFor();
      },
    });
    await b.page.keyboard.press('Escape');
    await pinnedList(b.page).waitFor({ state: 'detached' });

    // Omar opens each pin: at 375 px the decision, at 1280 px Omar's own message.
    await resizeTo(b.page, PHONE);
    await jumpToPin(b.page, 2, decision.id);
    await eventually(() => pathOf(b.page)).toBe(`/t/${handle}/r/decisions`);
    await resizeTo(b.page, DESKTOP);
    await jumpToPin(b.page, 2, owner.id);

    // He saves the decision for himself, and finds it on the Saved page.
    await b.page.goto(`/t/${handle}/r/decisions?at=${decision.seq}`);
    await bubble(b.page, decision.id).and(b.page.locator('[data-focused="true"]')).waitFor();
    await messageAction(b.page, decision.id, 'Save');
    await bubble(b.page, decision.id).getByRole('button', { name: 'Remove from saved', exact: true }).waitFor();
    await b.page.goto('/saved');
    const saved = b.page.getByRole('list', { name: 'Saved messages' }).locator(`[data-testid="saved-message"][data-message-id="${decision.id}"]`);
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Lena Park · in #decisions · Pin Crew');
    expect(await saved.textContent()).toContain('Decision: we ship on Friday.');
    // Lena saved nothing: her Saved page says so.
    await resizeTo(a.page, DESKTOP);
    await a.page.goto('/saved');
    await a.page.getByText('No saved messages yet').waitFor();
    await lookEverywhere(b.page, 'saved-page', {
      atPhone: async () => {
        await saved.waitFor();
      },
    });

    // At 375 px the saved message opens the room at it.
    await resizeTo(b.page, PHONE);
    await saved.getByRole('link').click();
    await bubble(b.page, decision.id).and(b.page.locator('[data-focused="true"]')).waitFor();
    await eventually(() => onScreen(b.page, decision.id)).toBe(true);
    await eventually(() => pathOf(b.page)).toBe(`/t/${handle}/r/decisions`);

    // Removed from saved on the Saved page, it is gone from it.
    await resizeTo(b.page, DESKTOP);
    await b.page.goto('/saved');
    await saved.getByRole('button', { name: /^Remove from saved/ }).click();
    await b.page.getByText('No saved messages yet').waitFor();

    for (const session of [a, b]) expect(session.problems).toEqual([]);
  }, 240_000);
});
