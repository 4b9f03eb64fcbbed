import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, resizeTo, type Session, snap } from '../support/browser';
import { checkEverywhere, signIn, verifiedUser } from '../support/journey-kit';

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
});

async function session(colorScheme: 'light' | 'dark' = 'light') {
  const opened = await openSession(browser, { colorScheme });
  sessions.push(opened);
  return opened;
}

/** Opens the team's settings pages from its page (pages, not a dialog); answers the Members page's section. */
async function openSettings(page: Page) {
  await page.getByRole('link', { name: 'Manage Team' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/settings/members'));
  const settings = page.getByRole('region', { name: 'Members' });
  await settings.getByRole('list', { name: 'Members' }).waitFor();
  return settings;
}

/** Another settings page, through the side nav (desktop); answers its section. */
async function openSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: label }).click();
  const section = page.getByRole('region', { name: label });
  await section.waitFor();
  return section;
}

describe('team administration', () => {
  it('an owner goes through the settings pages: roles, an admin, a removal the member sees live, a rename, ownership handed on, delete and restore', async () => {
    const owner = await verifiedUser('tao', 'Olivia', 'Stone');
    const adam = await verifiedUser('taa', 'Adam', 'Ng');
    const rita = await verifiedUser('tar', 'Rita', 'Moss');
    const hank = await verifiedUser('tah', 'Hank', 'Ives');
    const suffix = owner.username.slice(-5);
    const handle = `harbor-${suffix}`;
    const home = `dock-${suffix}`;
    // The owner's other team, where deleting this one lands them.
    await callApi('/teams', { name: 'Dockside', handle: home }, owner.token);
    await callApi('/teams', { name: 'Harbor', handle, description: 'Boats and berths.' }, owner.token);
    for (const person of [adam, rita, hank]) await callApi(`/teams/${handle}/members`, { username: person.username }, owner.token);
    const waiting = `waiting-${suffix}@example.test`;
    await callApi(`/teams/${handle}/invitations`, { email: waiting }, owner.token);

    // Rita has the team open in her own browser.
    const ritas = await session();
    await signIn(ritas.page, rita);
    await ritas.page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await ritas.page.getByRole('heading', { name: /Harbor/ }).waitFor();

    const { page, problems } = await session();
    await signIn(page, owner);
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();
    await page.goto(`/t/${handle}`);
    await page.getByRole('heading', { name: /Harbor/ }).waitFor();
    const settings = await openSettings(page);

    // Everyone with their role: the owner (me) as a word, the others as a choice the owner can change.
    const members = settings.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect.poll(() => members.count()).toBe(4);
    await members.filter({ hasText: owner.fullName }).getByText('Owner', { exact: true }).waitFor();
    for (const person of [adam, rita, hank]) {
      const role = settings.getByRole('combobox', { name: `Role of ${person.fullName}` });
      expect(await role.inputValue()).toBe('member');
      await members.filter({ hasText: `@${person.username}` }).getByRole('button', { name: `Remove ${person.fullName}` }).waitFor();
    }
    await checkEverywhere(page, 'team-admin-settings', () => settings.getByRole('list', { name: 'Members' }).waitFor());
    // On a phone the bare settings address lists the pages.
    await resizeTo(page, { width: 375, height: 812 });
    await page.goto(`/t/${handle}/settings`);
    // An owner's pages, in order.
    const pages = page.getByRole('navigation', { name: 'Team settings' }).getByRole('link');
    await expect
      .poll(async () => (await pages.allInnerTexts()).map((text) => text.split('\n')[0]))
      .toEqual(['Members', 'Invitations', 'AI agents', 'External agents', 'MCP servers', 'Rooms', 'Details', 'AI budget', 'Message retention', 'Audit log', 'Export', 'Danger zone']);
    await expectAccessible(page);
    // (snap ends at desktop width, where the bare address opens Members beside the side nav instead.)
    await snap(page, 'team-admin-settings-list');
    await page.waitForURL((url) => url.pathname === `/t/${handle}/settings/members`);
    await settings.getByRole('list', { name: 'Members' }).waitFor();

    // The invitation sent earlier is listed on its own page.
    const invitations = await openSection(page, 'Invitations');
    const pending = invitations.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
    await pending.filter({ hasText: waiting }).getByText(`Invited by @${owner.username}`).waitFor();
    await checkEverywhere(page, 'team-admin-invitations', () => pending.first().scrollIntoViewIfNeeded());

    // Invite one more: both are pending; revoke the first, one is left.
    const another = `another-${suffix}@example.test`;
    await invitations.getByLabel('Email address').fill(another);
    await invitations.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(`Invitation sent to ${another}`).waitFor();
    await expect.poll(() => pending.count()).toBe(2);
    await invitations.getByRole('button', { name: `Revoke the invitation to ${waiting}` }).click();
    await pending.filter({ hasText: waiting }).waitFor({ state: 'detached' });
    expect(await pending.allInnerTexts()).toEqual([expect.stringContaining(another)]);
    const stillPending = await callApi<{ invitations: { email: string }[] }>(`/teams/${handle}/invitations`, undefined, owner.token);
    expect(stillPending.invitations.map((i) => i.email)).toEqual([another]);

    // Adam becomes an admin.
    await openSection(page, 'Members');
    await settings.getByRole('combobox', { name: `Role of ${adam.fullName}` }).selectOption('admin');
    await page.getByText(`${adam.fullName} is now admin`).waitFor();
    await expect.poll(() => settings.getByRole('combobox', { name: `Role of ${adam.fullName}` }).inputValue()).toBe('admin');

    // Rita is removed, after a confirmation; she is on the team's page in her own browser.
    await ritas.page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Harbor' }).waitFor();
    await settings.getByRole('button', { name: `Remove ${rita.fullName}` }).click();
    const keep = settings.getByRole('button', { name: 'Keep' });
    await keep.waitFor();
    await checkEverywhere(page, 'team-admin-remove-confirm', () => keep.scrollIntoViewIfNeeded());
    await settings.getByRole('button', { name: `Remove ${rita.fullName}` }).click();
    await page.getByText(`${rita.fullName} was removed from the team`).waitFor();
    await members.filter({ hasText: `@${rita.username}` }).waitFor({ state: 'detached' });
    expect(await members.count()).toBe(3);

    // Rita is told at once, by name, without a reload; she leaves the team's page and her sidebar loses it.
    await ritas.page.getByText('You were removed from Harbor').waitFor();
    await ritas.page.waitForURL((url) => url.pathname === '/');
    await ritas.page.getByRole('heading', { name: /Welcome to Agentroom/ }).waitFor();
    await checkEverywhere(ritas.page, 'team-admin-removed-live', () => ritas.page.getByRole('heading', { name: /Welcome to Agentroom/ }).waitFor());
    // Opening it again shows the access state and the way back to her teams.
    await ritas.page.goto(`/t/${handle}`);
    await ritas.page.getByText('Error: Access denied: You are not a member of this team').waitFor();
    await ritas.page.getByRole('link', { name: 'Go to my teams' }).waitFor();
    await checkEverywhere(ritas.page, 'team-admin-removed-member', () => ritas.page.getByRole('link', { name: 'Go to my teams' }).waitFor());
    expect(ritas.problems).toEqual([]);

    // Rename and describe: the settings, the page, the sidebar, the switcher and the title follow.
    const details = (await openSection(page, 'Details')).getByRole('form', { name: 'Team details' });
    await details.getByLabel('Team name').fill('Harbor Lights');
    await details.getByLabel(/^Description/).fill('Night shifts at the lighthouse.');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Team details saved').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Harbor Lights' }).click();
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    const sidebar = page.getByRole('navigation', { name: 'Workspace' });
    await sidebar.getByRole('link', { name: 'Harbor Lights' }).waitFor();
    await expect.poll(() => page.getByTestId('teams-button').textContent()).toContain('Harbor Lights');
    await expect.poll(() => page.title()).toBe('Agentroom (beta) — Harbor Lights');
    await page.getByRole('heading', { name: 'Harbor Lights' }).waitFor();
    await page.getByText('Night shifts at the lighthouse.').waitFor();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Night shifts at the lighthouse.');
    await checkEverywhere(page, 'team-admin-renamed', () => page.getByRole('heading', { name: 'Harbor Lights' }).waitFor());
    await openSettings(page);

    // The last owner may not leave: the server's 409 says why, on the danger page.
    let danger = await openSection(page, 'Danger zone');
    await danger.getByRole('button', { name: 'Leave Team' }).click();
    await danger.getByText(`Leave Harbor Lights? You will need to be added again.`).waitFor();
    await danger.getByRole('button', { name: 'Leave Team' }).click();
    await danger.getByText('You are the last owner: make another member an owner before you leave').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${handle}/settings/danger`);
    await danger.getByRole('button', { name: 'Stay' }).click();
    await expectAccessible(page);

    // Ownership handed to Hank: he is an owner beside Olivia.
    await openSection(page, 'Members');
    await settings.getByRole('combobox', { name: `Role of ${hank.fullName}` }).selectOption('owner');
    await page.getByText(`${hank.fullName} is now owner`).waitFor();
    const hanks = await callApi<{ team: { myRole: string } }>(`/teams/${handle}`, undefined, hank.token);
    expect(hanks.team.myRole).toBe('owner');

    // Delete, confirmed by typing the handle: back in the workspace, the team gone for everyone.
    danger = (await openSection(page, 'Danger zone')).getByRole('form', { name: 'Delete team' });
    const deleteButton = danger.getByRole('button', { name: 'Delete Team' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await danger.getByLabel(`Type ${handle} to confirm`).fill(handle);
    await expect.poll(() => deleteButton.isDisabled()).toBe(false);
    await checkEverywhere(page, 'team-admin-delete-confirm', () => deleteButton.scrollIntoViewIfNeeded());
    await deleteButton.click();
    await page.getByText('Harbor Lights was deleted').waitFor();
    await page.waitForURL((url) => url.pathname === `/t/${home}`);
    await page.getByRole('heading', { name: 'Dockside' }).waitFor();
    await sidebar.getByRole('link', { name: 'Harbor Lights' }).waitFor({ state: 'detached' });
    const hanksTeams = await callApi<{ teams: unknown[] }>('/teams', undefined, hank.token);
    expect(hanksTeams.teams).toEqual([]);
    await checkEverywhere(page, 'team-admin-after-delete', () => page.getByRole('heading', { name: 'Dockside' }).waitFor());

    // Within the grace period its owner restores it from "Deleted teams" in the teams drawer: all of it is back.
    await page.getByTestId('teams-button').click();
    const drawer = page.getByRole('dialog', { name: 'Teams' });
    const deletedTeams = drawer.getByRole('region', { name: 'Deleted teams' });
    await deletedTeams.getByText('Harbor Lights').waitFor();
    await snap(page, 'team-admin-deleted-teams');
    await deletedTeams.getByRole('button', { name: 'Restore Harbor Lights' }).click();
    await page.getByText('Harbor Lights was restored').waitFor();
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await page.getByRole('heading', { name: 'Harbor Lights' }).waitFor();
    await sidebar.getByRole('link', { name: 'Harbor Lights' }).waitFor();
    const hanksAgain = await callApi<{ teams: { handle: string }[] }>('/teams', undefined, hank.token);
    expect(hanksAgain.teams.map((t) => t.handle)).toEqual([handle]);

    expect(problems).toEqual([]);
  }, 360_000);
});
