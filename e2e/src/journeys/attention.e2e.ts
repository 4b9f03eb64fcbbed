import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession } from '../support/browser';
import { closeDrawer, conversationBetween, live, openDrawer, lookEverywhere, say, shot, signIn, teamOf, verifiedPerson, type Person } from '../support/workspace';

/**
 * A room set to notify nothing and muted stays quiet while another
 * conversation still toasts; do not disturb silences toasts and shows its badge (and a status) to a colleague.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Signed in through the form, on the team's page, live (so new messages toast). */
async function onTeamPage(page: Page, person: Person, handle: string) {
  await signIn(page, person);
  await page.waitForURL((url) => url.pathname === `/t/${handle}`);
  await page.getByTestId('agent-card').first().waitFor();
  await live(page);
}

describe('your attention', () => {
  it('a room set to notify nothing and muted makes no toast, while a 1:1 still does', async () => {
    const lead = await verifiedPerson('atl', 'Lena', 'Park');
    const mate = await verifiedPerson('atm', 'Omar', 'Haddad');
    const handle = await teamOf(lead, `Quiet ${lead.username.slice(-5)}`, [mate]);
    const { room } = await callApi<{ room: { id: string; name: string } }>(`/teams/${handle}/rooms`, { name: 'standup', memberIds: [mate.agentId] }, lead.token);
    const personal = await conversationBetween(mate, lead);

    const { page, context, problems } = await openSession(browser);
    await onTeamPage(page, lead, handle);
    await page.goto(`/t/${handle}/r/${room.name}`);
    const bell = page.getByRole('button', { name: 'Notifications for this conversation' });
    await bell.click();
    await page.getByRole('menuitemradio', { name: 'Nothing' }).click();
    await page.locator('[data-testid="notify-menu"][data-notify-level="none"]').waitFor();
    await bell.click();
    await page.getByRole('menuitemcheckbox', { name: 'Mute' }).click();
    await page.locator('[data-testid="notify-menu"][data-muted="true"]').waitFor();
    // The menu open, as it looks (a menu hides the page from assistive technology while open: axe looks without it).
    await bell.click();
    await page.getByRole('menuitemcheckbox', { name: 'Mute', checked: true }).waitFor();
    await shot(page, 'attention-room-menu-desktop-light');
    await page.keyboard.press('Escape');
    await lookEverywhere(page, 'attention-room-muted');

    // Away from the room, a message @mentioning Lena there, then one in the 1:1: only the 1:1 toasts.
    await page.goto(`/t/${handle}`);
    await live(page);
    await say(mate, room.id, `@${lead.username} are you joining?`);
    await say(mate, personal, 'Lunch at noon?');
    await toast(page, 'Lunch at noon?').waitFor();
    expect(await toast(page, 'are you joining?').count()).toBe(0);
    await shot(page, 'attention-room-muted-toast-desktop-light');
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);

  it('do not disturb: no toast, and a colleague sees the badge and the status', async () => {
    const lead = await verifiedPerson('adl', 'Dana', 'Reyes');
    const mate = await verifiedPerson('adm', 'Kofi', 'Mensah');
    const handle = await teamOf(lead, `Focus ${lead.username.slice(-5)}`, [mate]);
    const personal = await conversationBetween(mate, lead);

    const me = await openSession(browser);
    await onTeamPage(me.page, lead, handle);
    const colleague = await openSession(browser);
    await onTeamPage(colleague.page, mate, handle);
    const leadCard = colleague.page.getByTestId('agent-card').filter({ hasText: 'Dana Reyes' });
    await leadCard.waitFor();
    expect(await leadCard.locator('[data-dnd="on"]').count()).toBe(0);

    // Dana turns on do not disturb for an hour and sets a status, from her badge.
    await me.page.getByTestId('user-badge').getByRole('button', { name: 'Status and do not disturb' }).click();
    const dialog = me.page.getByRole('dialog', { name: 'Status and do not disturb' });
    await dialog.getByLabel('Status', { exact: true }).fill('Heads down until the release');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.getByRole('button', { name: 'Clear status' }).waitFor();
    await dialog.getByRole('button', { name: 'For 1 hour' }).click();
    await dialog.getByTestId('dnd-state').filter({ hasText: 'On until' }).waitFor();
    await expectAccessible(me.page);
    await lookEverywhere(me.page, 'attention-dnd-dialog', {
      // On a phone the badge, and so its dialog, lives in the navigation drawer.
      atPhone: async (page) => {
        const drawer = await openDrawer(page);
        await drawer.getByRole('button', { name: 'Status and do not disturb' }).click();
        await dialog.getByTestId('dnd-state').filter({ hasText: 'On until' }).waitFor();
      },
      leavePhone: async (page) => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await closeDrawer(page);
      },
    });
    await me.page.getByTestId('user-badge').locator('[data-dnd="on"]').first().waitFor();

    // Kofi sees it live on Dana's card: the badge and the status.
    await leadCard.locator('[data-dnd="on"]').waitFor();
    await leadCard.getByTestId('status-text').filter({ hasText: 'Heads down until the release' }).waitFor();
    await lookEverywhere(colleague.page, 'attention-dnd-badge');

    // Kofi writes: nothing toasts for Dana. Once she turns it off, the next message does.
    await say(mate, personal, 'Quick question about the build');
    await me.page.getByRole('region', { name: 'Conversations' }).getByTestId('unread-badge').filter({ hasText: '1 unread' }).waitFor();
    await me.page.getByTestId('user-badge').getByRole('button', { name: 'Status and do not disturb' }).click();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByTestId('dnd-state').filter({ hasText: 'Off' }).waitFor();
    await me.page.keyboard.press('Escape');
    await say(mate, personal, 'Never mind, found it');
    await toast(me.page, 'Never mind, found it').waitFor();
    expect(await toast(me.page, 'Quick question about the build').count()).toBe(0);
    await leadCard.locator('[data-dnd="on"]').waitFor({ state: 'detached' });

    expect(me.problems).toEqual([]);
    expect(colleague.problems).toEqual([]);
    await me.context.close();
    await colleague.context.close();
  }, 300_000);
});
