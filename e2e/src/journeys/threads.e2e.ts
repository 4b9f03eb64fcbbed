import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { launchBrowser, openSession, pathOf, PHONE, resizeTo, type Session } from '../support/browser';
import { FAKE_REPLY_FINAL, FAKE_REPLY_PARTIAL } from '../support/fake-llm';
import { DESKTOP } from '../support/journey-kit';
import { eventually, lookEverywhere, shot, sidebarOf, signIn, teamOf, verifiedPerson } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An AI agent of the team, made through the API; the fake model answers for it. */
async function aiAgentOf(owner: { token: string }, handle: string, firstName: string, role: string) {
  const { agent } = await callApi<{ agent: { id: string; username: string; fullName: string } }>(
    `/teams/${handle}/agents`,
    { firstName, role, personality: `${firstName}, a colleague in a journey.` },
    owner.token,
  );
  return agent;
}

const releaseHeldReplies = async () => {
  const response = await fetch(`${inject('llmControlUrl')}/release`, { method: 'POST' });
  return ((await response.json()) as { released: number }).released;
};

/** The room's own conversation (its header names it), and the thread open beside it. */
const roomPane = (page: Page) => page.getByRole('region', { name: 'Chat' });
const threadPanel = (page: Page) => page.getByRole('complementary', { name: 'Thread' });
const messageIn = (scope: Locator, text: string) => scope.getByTestId('message').filter({ hasText: text });
const summaryOf = (page: Page, rootText: string) => messageIn(roomPane(page), rootText).getByTestId('thread-summary');

/** The room is on screen and live (joined on the socket, composer ready). */
async function roomIsLive(page: Page, name: string) {
  await roomPane(page).getByRole('heading', { name: `# ${name}` }).waitFor();
  await page.locator('[data-testid="connection-dot"][data-connection="connected"]').waitFor();
  await roomPane(page).getByPlaceholder('Type a message...').and(page.locator(':enabled')).waitFor();
}

/** Writes in the room's composer or the thread's, and waits until the server has stored it. */
async function sendIn(scope: Locator, text: string) {
  const input = scope.getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  await messageIn(scope, text).and(scope.page().locator(':not([data-pending])')).waitFor();
}

/** "Reply in thread" on a message of the room: the panel opens with the message on top. */
async function startThread(page: Page, rootText: string) {
  const message = messageIn(roomPane(page), rootText);
  await message.hover();
  await message.getByRole('button', { name: 'Reply in thread' }).click();
  await threadPanel(page).getByTestId('thread-root').filter({ hasText: rootText }).waitFor();
  await threadPanel(page).getByPlaceholder('Type a message...').and(page.locator(':enabled')).waitFor();
}

/** An AI agent @mentioned in the thread streams its answer there (and not in the room). */
async function agentAnswersInThread(asker: Page, watchers: Page[], agentUsername: string) {
  await sendIn(threadPanel(asker), `@${agentUsername} what is the answer?`);
  await threadPanel(asker).getByTestId('streaming-reply').filter({ hasText: FAKE_REPLY_PARTIAL }).waitFor();
  await eventually(releaseHeldReplies).toBeGreaterThan(0);
  await messageIn(threadPanel(asker), FAKE_REPLY_FINAL).waitFor();
  await threadPanel(asker).getByTestId('streaming-reply').waitFor({ state: 'detached' });
  for (const page of [asker, ...watchers]) expect(await messageIn(roomPane(page), FAKE_REPLY_FINAL).count()).toBe(0);
}

describe('threads', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const session of sessions) await session.context.close();
  });

  it('start a thread in a room at 1280 px and at 375 px, reply, an @mentioned agent answers in it, and the root counts the replies live for the others', async () => {
    const lena = await verifiedPerson('thl', 'Lena', 'Park');
    const omar = await verifiedPerson('tho', 'Omar', 'Haddad');
    const handle = await teamOf(lena, 'Thread Crew', [omar]);
    const nova = await aiAgentOf(lena, handle, 'Nova', 'Research Analyst');
    await callApi(`/teams/${handle}/rooms`, { name: 'launch-plan', topic: 'Friday’s launch', memberIds: [omar.agentId, nova.id] }, lena.token);

    const [a, b] = [await openSession(browser), await openSession(browser)];
    sessions.push(a, b);
    const roomUrl = `/t/${handle}/r/launch-plan`;
    for (const [session, person] of [[a, lena], [b, omar]] as const) {
      await signIn(session.page, person);
      await session.page.waitForURL((url) => url.pathname === `/t/${handle}`);
      await sidebarOf(session.page).getByRole('region', { name: 'Rooms' }).getByRole('link', { name: /^# launch-plan\b/ }).click();
      await roomIsLive(session.page, 'launch-plan');
    }

    // ---- 1280 px: Lena starts a thread on her question; Omar watches the room. ----
    await sendIn(roomPane(a.page), 'Which date do we ship?');
    await sendIn(roomPane(a.page), 'Coffee at eleven, anyone?');
    await messageIn(roomPane(b.page), 'Coffee at eleven, anyone?').waitFor();

    await startThread(a.page, 'Which date do we ship?');
    expect(new URL(a.page.url()).searchParams.has('thread')).toBe(true);
    await threadPanel(a.page).getByRole('checkbox', { name: 'Also send to #launch-plan' }).waitFor();
    await sendIn(threadPanel(a.page), 'I would say Friday.');
    // The reply stays in the thread; under the root Omar sees the count, live.
    await summaryOf(b.page, 'Which date do we ship?').filter({ hasText: '1 reply' }).waitFor();
    expect(await messageIn(roomPane(b.page), 'I would say Friday.').count()).toBe(0);

    // Nova, asked in the thread, answers in the thread: Lena's two replies and Nova's make three.
    await agentAnswersInThread(a.page, [b.page], nova.username);
    await summaryOf(b.page, 'Which date do we ship?').filter({ hasText: '3 replies' }).waitFor();
    await shot(a.page, 'threads-panel-desktop');

    // "Also send to #launch-plan": the reply is in the thread and, marked, in the room.
    await threadPanel(a.page).getByRole('checkbox', { name: 'Also send to #launch-plan' }).check();
    await sendIn(threadPanel(a.page), 'Friday it is, then.');
    await messageIn(roomPane(b.page), 'Friday it is, then.').getByTestId('from-thread').filter({ hasText: 'replied to a thread' }).waitFor();
    await summaryOf(b.page, 'Which date do we ship?').filter({ hasText: '4 replies' }).waitFor();

    // Omar opens it from the count: the root, then every reply, Nova's answer among them.
    await summaryOf(b.page, 'Which date do we ship?').click();
    await threadPanel(b.page).getByTestId('thread-root').filter({ hasText: 'Which date do we ship?' }).waitFor();
    await messageIn(threadPanel(b.page), FAKE_REPLY_FINAL).waitFor();
    await messageIn(threadPanel(b.page), 'Friday it is, then.').waitFor();
    await lookEverywhere(b.page, 'threads-open', {
      // At 375 px the thread takes the whole screen, the room behind it.
      atPhone: async (page) => {
        await threadPanel(page).getByTestId('thread-root').waitFor();
        await roomPane(page).waitFor({ state: 'hidden' });
      },
    });
    // Esc closes it; the address forgets it.
    await threadPanel(b.page).getByPlaceholder('Type a message...').click();
    await b.page.keyboard.press('Escape');
    await threadPanel(b.page).waitFor({ state: 'detached' });
    expect(pathOf(b.page)).toBe(roomUrl);

    // ---- 375 px: Omar starts a thread on Lena's other message; Lena (at 1280 px) sees it counted live. ----
    await resizeTo(b.page, PHONE);
    await roomIsLive(b.page, 'launch-plan');
    await startThread(b.page, 'Coffee at eleven, anyone?');
    await roomPane(b.page).waitFor({ state: 'hidden' });
    await sendIn(threadPanel(b.page), 'Count me in.');
    await summaryOf(a.page, 'Coffee at eleven, anyone?').filter({ hasText: '1 reply' }).waitFor();
    await agentAnswersInThread(b.page, [a.page], nova.username);
    await summaryOf(a.page, 'Coffee at eleven, anyone?').filter({ hasText: '3 replies' }).waitFor();
    await shot(b.page, 'threads-panel-phone');
    // The close button brings the room back, with the count under the root.
    await threadPanel(b.page).getByRole('button', { name: 'Close thread' }).click();
    await summaryOf(b.page, 'Coffee at eleven, anyone?').filter({ hasText: '3 replies' }).waitFor();
    await resizeTo(b.page, DESKTOP);

    // A reload keeps the thread open (it is in the address).
    await summaryOf(a.page, 'Which date do we ship?').click();
    await threadPanel(a.page).getByTestId('thread-root').waitFor();
    await a.page.reload();
    await threadPanel(a.page).getByTestId('thread-root').filter({ hasText: 'Which date do we ship?' }).waitFor();
    await messageIn(threadPanel(a.page), FAKE_REPLY_FINAL).waitFor();

    // Lena follows the threads of her messages: the one Omar started has three replies she has not
    // read, counted in the sidebar's badge. Threads lists it; opening it reads it, and the badge goes.
    const threadsLink = sidebarOf(a.page).getByRole('link', { name: /^Threads/ });
    await threadsLink.getByTestId('threads-badge').filter({ hasText: '1' }).waitFor();
    await threadsLink.click();
    await a.page.waitForURL((url) => url.pathname === '/threads');
    const coffee = a.page.getByRole('list', { name: 'Followed threads' }).getByRole('link').filter({ hasText: 'Coffee at eleven, anyone?' });
    await coffee.getByTestId('thread-unread').filter({ hasText: '3' }).waitFor();
    await a.page.getByRole('list', { name: 'Followed threads' }).getByRole('link').filter({ hasText: 'Which date do we ship?' }).waitFor();
    await shot(a.page, 'threads-view-desktop');
    await coffee.click();
    await a.page.waitForURL((url) => url.pathname === roomUrl && url.searchParams.has('thread'));
    await threadPanel(a.page).getByTestId('thread-root').filter({ hasText: 'Coffee at eleven, anyone?' }).waitFor();
    await messageIn(threadPanel(a.page), 'Count me in.').waitFor();
    await threadsLink.getByTestId('threads-badge').waitFor({ state: 'detached' });

    for (const session of [a, b]) expect(session.problems).toEqual([]);
  }, 300_000);
});
