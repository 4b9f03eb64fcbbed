import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession } from '../support/browser';
import { nextMail, SUBJECTS } from '../support/mail';
import {
  closeDrawer,
  conversationBetween,
  eventually,
  live,
  lookEverywhere,
  openDrawer,
  say,
  shot,
  sidebarOf,
  signIn,
  teamOf,
  verifiedPerson,
  type Person,
} from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const conversationsIn = (scope: Locator) => scope.getByRole('region', { name: 'Conversations' }).getByTestId('conversation');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

/** The lead signed in through the form, on the team's page, live (so new messages toast). */
async function leadOnTeamPage(page: Page, lead: Person, handle: string) {
  await signIn(page, lead);
  await page.waitForURL((url) => url.pathname === `/t/${handle}`);
  await page.getByTestId('agent-card').nth(1).waitFor();
  await live(page);
}

/** The element is inside the visible part of the message list (the list renders little beyond it). */
async function isInView(page: Page, element: Locator) {
  const list = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
  if ((await element.count()) === 0) return false;
  const box = await element.first().boundingBox();
  return box !== null && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
}

describe('workspace notifications', () => {
  it('unread badges and the title count rise live and clear on reading; a toast opens the other conversation; the "New messages ↓" pill', async () => {
    const lead = await verifiedPerson('wnl', 'Lena', 'Park');
    const mate = await verifiedPerson('wnm', 'Omar', 'Haddad');
    const teamName = `Studio ${lead.username.slice(-5)}`;
    const handle = await teamOf(lead, teamName, [mate]);
    // The team thread has history of the lead's own: enough to scroll, nothing unread for the lead.
    const teamThread = await conversationBetween(lead, mate, handle);
    for (let n = 1; n <= 30; n += 1) await say(lead, teamThread, `Launch note ${n}: checked and filed.`);

    const { page, context, problems } = await openSession(browser);
    await leadOnTeamPage(page, lead, handle);
    const rows = conversationsIn(sidebarOf(page));
    const teamRow = rows.filter({ hasText: `· ${teamName}` });
    await teamRow.filter({ hasText: 'You: Launch note 30' }).waitFor();
    expect(await teamRow.getByTestId('unread-badge').count()).toBe(0);
    await eventually(() => page.title()).toBe(`Agentroom (beta) — ${teamName}`);

    // The mate writes personally: a new row with its badge, the count in the title, a toast.
    const personal = await conversationBetween(mate, lead);
    await say(mate, personal, 'Morning Lena! Got a minute?');
    const personalRow = rows.filter({ hasNotText: `· ${teamName}` });
    await personalRow.getByTestId('unread-badge').filter({ hasText: '1 unread' }).waitFor();
    await eventually(() => page.title()).toBe(`(1) Agentroom (beta) — ${teamName}`);
    await toast(page, 'Morning Lena! Got a minute?').filter({ hasText: 'Omar Haddad' }).getByRole('button', { name: 'Open' }).waitFor();
    await say(mate, personal, 'The brief is in the **team** thread.');
    await personalRow.getByTestId('unread-badge').filter({ hasText: '2 unread' }).waitFor();
    expect(await personalRow.getByTestId('conversation-snippet').textContent()).toBe('The brief is in the team thread.');
    await eventually(() => page.title()).toBe(`(2) Agentroom (beta) — ${teamName}`);
    await toast(page, 'The brief is in the team thread.').waitFor();
    await shot(page, 'workspace-unread-toasts-desktop-light');
    // The toasts go by themselves; then the sidebar with its badges everywhere (in the drawer on a phone).
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
    await lookEverywhere(page, 'unread-sidebar', {
      atPhone: async () => {
        await page.getByRole('button', { name: 'Open navigation, 2 unread' }).waitFor();
        const drawer = await openDrawer(page);
        await conversationsIn(drawer).filter({ hasNotText: `· ${teamName}` }).getByTestId('unread-badge').filter({ hasText: '2 unread' }).waitFor();
      },
      leavePhone: closeDrawer,
    });

    // Opening the conversation reads it: the badge and the count go.
    await personalRow.click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/p/@${mate.username}`);
    await message(page, 'The brief is in the team thread.').waitFor();
    await personalRow.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await eventually(() => page.title()).toBe('Agentroom (beta) — Profile');

    // A message in the other conversation: its badge, the count, and a toast whose link opens it.
    await say(mate, teamThread, 'Stand-up moved to 10:30.');
    await teamRow.getByTestId('unread-badge').filter({ hasText: '1 unread' }).waitFor();
    await eventually(() => page.title()).toBe('(1) Agentroom (beta) — Profile');
    const standUp = toast(page, 'Stand-up moved to 10:30.');
    await standUp.filter({ hasText: `Omar Haddad · ${teamName}` }).waitFor();
    // The pointer on the toast holds it (as for someone about to click it) while it is looked at.
    await standUp.hover();
    await expectAccessible(page);
    await shot(page, 'workspace-toast-desktop-light');
    await standUp.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/t/${handle}/p/@${mate.username}`);
    const newest = message(page, 'Stand-up moved to 10:30.');
    await newest.waitFor();
    await standUp.waitFor({ state: 'detached' });
    await teamRow.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await eventually(() => page.title()).toBe('Agentroom (beta) — Profile');
    await eventually(() => isInView(page, newest)).toBe(true);

    // Scrolled up into the history, a new message does not pull the reader down: a pill says so.
    await page.getByRole('region', { name: 'Messages' }).hover();
    await page.mouse.wheel(0, -20_000);
    await message(page, 'Launch note 1:').waitFor();
    await eventually(() => isInView(page, message(page, 'Launch note 1:'))).toBe(true);
    // The list learns that the reader left the bottom a frame or so after the scroll: a message
    // arriving before that counts as seen (as it would for a reader who was just there).
    await page.locator('[data-at-bottom="false"]').waitFor({ state: 'attached' });
    await say(mate, teamThread, 'Did you see the numbers for Q3?');
    const pill = page.getByRole('button', { name: 'New messages ↓' });
    await pill.waitFor();
    // Not on screen, so not read: the badge and the count say it waits.
    await teamRow.getByTestId('unread-badge').filter({ hasText: '1 unread' }).waitFor();
    await eventually(() => page.title()).toBe('(1) Agentroom (beta) — Profile');
    expect(await isInView(page, message(page, 'Did you see the numbers for Q3?'))).toBe(false);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await expectAccessible(page);
      await shot(page, `workspace-new-messages-pill-desktop-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The pill scrolls to the newest message, which is then read.
    await pill.click();
    await eventually(() => isInView(page, message(page, 'Did you see the numbers for Q3?'))).toBe(true);
    await pill.waitFor({ state: 'detached' });
    await teamRow.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await eventually(() => page.title()).toBe('Agentroom (beta) — Profile');
    await lookEverywhere(page, 'team-chat-read');

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('the unread-messages mail: a delay chosen under Notifications, the mail over SMTP after it, one-click unsubscribe', async () => {
    const lead = await verifiedPerson('wel', 'Lena', 'Park');
    const mate = await verifiedPerson('wem', 'Omar', 'Haddad');
    const teamName = `Studio ${lead.username.slice(-5)}`;
    const handle = await teamOf(lead, teamName, [mate]);

    const { page, context, problems } = await openSession(browser);
    await leadOnTeamPage(page, lead, handle);

    // The bell on the user badge: 15 minutes by default; the lead picks 5.
    await page.getByTestId('user-badge').getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    expect(await dialog.getByRole('radio', { name: '15 minutes', exact: true }).isChecked()).toBe(true);
    // Clicked, not check(): the choice shows once the save starts, a tick after the click.
    await dialog.getByRole('radio', { name: '5 minutes', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await dialog.getByRole('radio', { name: '5 minutes', exact: true }).and(page.locator(':checked')).waitFor();
    await lookEverywhere(page, 'notifications-dialog', {
      // On a phone the badge lives in the drawer: the dialog opens from there.
      atPhone: async () => {
        const drawer = await openDrawer(page);
        await drawer.getByTestId('user-badge').getByRole('button', { name: 'Notifications' }).click();
        await dialog.getByRole('radio', { name: '5 minutes', exact: true }).and(page.locator(':checked')).waitFor();
      },
      leavePhone: async () => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await closeDrawer(page);
      },
    });

    // The mate writes; the lead stays on the team page and does not read it.
    const personal = await conversationBetween(mate, lead);
    await say(mate, personal, 'Can you review the launch notes?');
    await say(mate, personal, 'Also: `LLM_BASE_URL` is set on staging.');
    await conversationsIn(sidebarOf(page)).getByTestId('unread-badge').filter({ hasText: '2 unread' }).waitFor();

    // After the delay, one mail over SMTP: the conversation, its lines as plain text, a link to it.
    const mail = await nextMail(lead.email, SUBJECTS.unreadMessages);
    expect(mail.subject).toBe('New messages from Omar Haddad on Agentroom');
    const baseUrl = inject('baseUrl');
    const chatUrl = `${baseUrl}/p/@${mate.username}`;
    expect(mail.text).toContain('Omar Haddad — 2 unread messages');
    expect(mail.text).toContain('  Omar Haddad: Can you review the launch notes?');
    expect(mail.text).toContain('  Omar Haddad: Also: LLM_BASE_URL is set on staging.');
    expect(mail.text).toContain(`Open the conversation: ${chatUrl}`);
    expect(mail.text).toContain('messages waited unread for 5 minutes');
    const unsubscribeUrl = mail.text.match(/Unsubscribe from these emails: (\S+)/)?.[1] ?? '';
    expect(unsubscribeUrl.startsWith(`${baseUrl}/notifications/unsubscribe?token=`)).toBe(true);
    expect(mail.headers['list-unsubscribe']).toContain('/notifications/unsubscribe');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // How the mail looks (its HTML, as a mail program shows it).
    const reader = await openSession(browser);
    await reader.page.setContent(mail.html);
    await reader.page.getByRole('link', { name: 'Open the conversation' }).waitFor();
    expect(await reader.page.getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe(chatUrl);
    await shot(reader.page, 'workspace-unread-mail-desktop-light');
    await reader.context.close();

    // Its link opens the conversation (in a new tab of the same browser), which reads it.
    const tab = await context.newPage();
    await tab.goto(chatUrl);
    await message(tab, 'Can you review the launch notes?').waitFor();
    await conversationsIn(sidebarOf(tab)).getByTestId('unread-badge').waitFor({ state: 'detached' });
    await tab.close();

    // The unsubscribe link works in a browser where nobody is signed in.
    const stranger = await openSession(browser);
    await stranger.page.goto(unsubscribeUrl);
    await stranger.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await stranger.page.getByText('You will get no more emails about unread messages.', { exact: false }).waitFor();
    await stranger.page.getByRole('link', { name: 'Go to Agentroom' }).waitFor();
    expect(await stranger.page.title()).toBe('Agentroom (beta) — Unsubscribe');
    await lookEverywhere(stranger.page, 'unsubscribed', { shell: false });
    expect(stranger.problems).toEqual([]);
    await stranger.context.close();

    // Back in the app's first tab (open all along), the setting reads Off.
    await page.getByTestId('user-badge').getByRole('button', { name: 'Notifications' }).click();
    await dialog.getByRole('radio', { name: 'Off' }).and(page.locator(':checked')).waitFor();
    expect(await dialog.getByRole('radio', { name: '5 minutes', exact: true }).isChecked()).toBe(false);
    await shot(page, 'workspace-notifications-off-desktop-light');

    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
