import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession, PHONE, resizeTo } from '../support/browser';
import { callApi } from '../support/api';
import { ARTIFACTS_DIR } from '../support/paths';
import { DESKTOP, expectNoSidewaysScroll, say, signIn, useScheme, verifiedUser } from '../support/journey-kit';
import { live } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The chat fills the main column: its composer sits at the bottom of the window. */
async function expectComposerAtBottom(page: Page) {
  const box = (await page.getByPlaceholder('Type a message...').boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y + box.height).toBeGreaterThan(height - 64);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });

describe('app shell', () => {
  it('sidebar with live unread counts and title, at 1280 px and 375 px, light and dark', async () => {
    const lead = await verifiedUser('shl', 'Lena', 'Park');
    const mate = await verifiedUser('shm', 'Omar', 'Haddad');
    const handle = `studio-${lead.username.slice(-5)}`;
    await callApi('/teams', { name: 'Studio', handle, description: 'Design and research.' }, lead.token);
    await callApi(`/teams/${handle}/members`, { username: mate.username }, lead.token);
    await callApi(`/teams/${handle}/agents`, { firstName: 'Pixel', role: 'Illustrator', personality: 'Playful.' }, lead.token);
    // The mate writes to the lead, personally and in the team: three unread messages wait.
    const personal = await callApi<{ conversation: { id: string } }>(`/chat/conversations/${lead.agentId}/start`, {}, mate.token);
    await say(mate, personal.conversation.id, 'Morning! Did you see the **new** brief?');
    await say(mate, personal.conversation.id, 'Set `LLM_BASE_URL` before the demo, then 2*3*4.');
    const inTeam = await callApi<{ conversation: { id: string } }>(
      `/chat/conversations/${lead.agentId}/start`,
      { conversationType: 'team-scoped', isTeamScoped: true, teamHandle: handle },
      mate.token,
    );
    await say(mate, inTeam.conversation.id, 'Studio stand-up moved to 10:30.');

    const { page, context, problems } = await openSession(browser);
    await signIn(page, lead);
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    const sidebar = page.getByRole('navigation', { name: 'Workspace' });
    const conversations = sidebar.getByRole('region', { name: 'Conversations' }).getByTestId('conversation');
    await conversations.nth(1).waitFor();
    // Latest first: the team-scoped one, then the personal one with its plain-text snippet.
    expect(await conversations.count()).toBe(2);
    await conversations.first().filter({ hasText: 'Studio stand-up moved to 10:30.' }).waitFor();
    // The team-scoped row carries its team's name; the personal one does not.
    const personalRow = conversations.filter({ hasNotText: '· Studio' });
    expect(await personalRow.getByTestId('conversation-snippet').textContent()).toBe('Set LLM_BASE_URL before the demo, then 2*3*4.');
    expect(await personalRow.getByTestId('unread-badge').textContent()).toBe('2 unread');
    await sidebar.getByRole('region', { name: 'People' }).getByRole('link', { name: /Omar Haddad/ }).waitFor();
    await sidebar.getByRole('region', { name: 'AI agents' }).getByRole('link', { name: /Pixel/ }).waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Studio');
    await page.getByTestId('user-badge').getByText('Lena Park').waitFor();
    await expect.poll(() => page.title()).toBe('(3) Agentroom (beta) — Studio');
    await expectAccessible(page);
    await shot(page, 'shell-desktop-light');

    // Live: another message raises the badge and the title at once.
    await live(page);
    await say(mate, personal.conversation.id, 'Ping — lunch at noon?');
    await personalRow.getByTestId('unread-badge').filter({ hasText: '3 unread' }).waitFor();
    await expect.poll(() => page.title()).toBe('(4) Agentroom (beta) — Studio');

    await useScheme(page, 'dark');
    await expectAccessible(page);
    await shot(page, 'shell-desktop-dark');
    await useScheme(page, 'light');

    // Opening the conversation: chat in the main column, profile beside it; reading clears the badge.
    await personalRow.click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/p/@${mate.username}`);
    await page.getByRole('region', { name: 'Chat' }).getByRole('heading', { name: 'Omar Haddad' }).waitFor();
    await page.getByRole('complementary', { name: 'Agent profile' }).waitFor();
    const openRow = conversations.filter({ hasText: 'Ping — lunch at noon?' });
    expect(await openRow.getAttribute('aria-current')).toBe('page');
    await openRow.getByTestId('unread-badge').waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('(1) Agentroom (beta) — Profile');
    await expectComposerAtBottom(page);
    await expectAccessible(page);
    await shot(page, 'shell-chat-desktop-light');
    await page.getByRole('button', { name: 'Hide profile' }).click();
    await page.getByRole('complementary', { name: 'Agent profile' }).waitFor({ state: 'detached' });
    await shot(page, 'shell-chat-desktop-profile-hidden');
    await page.getByRole('button', { name: 'Show profile' }).click();

    // 375 px: the sidebar is a drawer behind a named button; nothing overlaps, nothing scrolls sideways.
    await resizeTo(page, PHONE);
    await page.getByRole('button', { name: 'Open navigation, 1 unread' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Workspace' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'shell-chat-phone-light');
    await page.goto(`/t/${handle}`);
    await page.getByRole('heading', { name: /Studio/ }).waitFor();
    await page.getByTestId('agent-card').nth(2).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'shell-team-phone-light');
    await page.getByRole('button', { name: 'Open navigation, 1 unread' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('region', { name: 'Conversations' }).getByTestId('conversation').nth(1).waitFor();
    await drawer.getByTestId('user-badge').waitFor();
    await drawer.getByTestId('teams-button').waitFor();
    await expectAccessible(page);
    await shot(page, 'shell-drawer-phone-light');
    await useScheme(page, 'dark');
    await expectAccessible(page);
    await shot(page, 'shell-drawer-phone-dark');
    // The badge at the foot and the teams button at the head never cover each other.
    const badge = (await drawer.getByTestId('user-badge').boundingBox())!;
    const teams = (await drawer.getByTestId('teams-button').boundingBox())!;
    expect(badge.y).toBeGreaterThan(teams.y + teams.height);
    expect(badge.x + badge.width).toBeLessThanOrEqual(PHONE.width);
    await drawer.getByRole('region', { name: 'Conversations' }).getByTestId('conversation').filter({ hasText: 'Studio' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/t/${handle}/p/@${mate.username}`);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await expect.poll(() => page.title()).toBe('Agentroom (beta) — Profile');
    await page.getByTestId('message').filter({ hasText: 'Studio stand-up moved to 10:30.' }).waitFor();
    await expectComposerAtBottom(page);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, 'shell-chat-phone-dark');

    await resizeTo(page, DESKTOP);
    await useScheme(page, 'light');
    await expectComposerAtBottom(page);
    await shot(page, 'shell-team-chat-desktop-light');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('first run: a user in no team is welcomed, sees the invitation and joins from it', async () => {
    const lead = await verifiedUser('shw', 'Ada', 'Byron');
    const newcomer = await verifiedUser('shn', 'Grace', 'Hopper');
    const handle = `crew-${lead.username.slice(-5)}`;
    await callApi('/teams', { name: 'Launch Crew', handle }, lead.token);
    await callApi(`/teams/${handle}/invitations`, { email: newcomer.email }, lead.token);

    const { page, context, problems } = await openSession(browser, { colorScheme: 'dark' });
    await signIn(page, newcomer);
    await page.getByRole('heading', { name: 'Welcome to Agentroom, Grace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const invitation = page.getByTestId('invitation').filter({ hasText: 'Launch Crew' });
    await invitation.getByText(`Ada Byron (@${lead.username}) invited you`).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Create a team' }).waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Select team');
    await expectAccessible(page);
    await shot(page, 'shell-welcome-desktop-dark');
    await resizeTo(page, PHONE);
    // The phone layout has taken over (header and drawer instead of the sidebar).
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await expectNoSidewaysScroll(page);
    await useScheme(page, 'light');
    await expectAccessible(page);
    await shot(page, 'shell-welcome-phone-light');
    await resizeTo(page, DESKTOP);

    await invitation.getByRole('button', { name: 'Join Launch Crew' }).click();
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await page.getByRole('heading', { name: /Launch Crew/ }).waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Launch Crew');

    expect(problems).toEqual([]);
    await context.close();
  });
});
