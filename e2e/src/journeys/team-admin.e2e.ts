import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, type Session } from '../support/browser';
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

/** Opens the team's settings from its page and answers the dialog. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Manage Team' }).click();
  const settings = page.getByRole('dialog', { name: 'Team settings' });
  await settings.getByRole('list', { name: 'Members' }).waitFor();
  return settings;
}

describe('team administration', () => {
  it('an owner sees roles, makes an admin, removes a member, renames the team, hands ownership on and deletes it', async () => {
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
    // The invitation sent earlier is listed.
    const pending = settings.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
    await pending.filter({ hasText: waiting }).getByText(`Invited by @${owner.username}`).waitFor();
    await checkEverywhere(page, 'team-admin-settings', () => settings.getByRole('list', { name: 'Members' }).waitFor());
    await checkEverywhere(page, 'team-admin-invitations', () => pending.first().scrollIntoViewIfNeeded());

    // Invite one more from the dialog: both are pending; revoke the first, one is left.
    const another = `another-${suffix}@example.test`;
    await settings.getByLabel('Email address').fill(another);
    await settings.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(`Invitation sent to ${another}`).waitFor();
    await expect.poll(() => pending.count()).toBe(2);
    await settings.getByRole('button', { name: `Revoke the invitation to ${waiting}` }).click();
    await pending.filter({ hasText: waiting }).waitFor({ state: 'detached' });
    expect(await pending.allInnerTexts()).toEqual([expect.stringContaining(another)]);
    const stillPending = await callApi<{ invitations: { email: string }[] }>(`/teams/${handle}/invitations`, undefined, owner.token);
    expect(stillPending.invitations.map((i) => i.email)).toEqual([another]);

    // Adam becomes an admin.
    await settings.getByRole('combobox', { name: `Role of ${adam.fullName}` }).selectOption('admin');
    await page.getByText(`${adam.fullName} is now admin`).waitFor();
    await expect.poll(() => settings.getByRole('combobox', { name: `Role of ${adam.fullName}` }).inputValue()).toBe('admin');

    // Rita is removed, after a confirmation.
    await settings.getByRole('button', { name: `Remove ${rita.fullName}` }).click();
    const keep = settings.getByRole('button', { name: 'Keep' });
    await keep.waitFor();
    await checkEverywhere(page, 'team-admin-remove-confirm', () => keep.scrollIntoViewIfNeeded());
    await settings.getByRole('button', { name: `Remove ${rita.fullName}` }).click();
    await page.getByText(`${rita.fullName} was removed from the team`).waitFor();
    await members.filter({ hasText: `@${rita.username}` }).waitFor({ state: 'detached' });
    expect(await members.count()).toBe(3);

    // Rita has lost the team: opening it again shows the access state and the way back to her teams.
    await ritas.page.reload();
    await ritas.page.getByText('Error: Access denied: You are not a member of this team').waitFor();
    await ritas.page.getByRole('link', { name: 'Go to my teams' }).waitFor();
    await checkEverywhere(ritas.page, 'team-admin-removed-member', () => ritas.page.getByRole('link', { name: 'Go to my teams' }).waitFor());
    expect(ritas.problems).toEqual([]);

    // Rename and describe: the dialog, the page, the sidebar, the switcher and the title follow.
    const details = settings.getByRole('form', { name: 'Team details' });
    await details.getByLabel('Team name').fill('Harbor Lights');
    await details.getByLabel(/^Description/).fill('Night shifts at the lighthouse.');
    await details.getByRole('button', { name: 'Save Details' }).click();
    await page.getByText('Team details saved').waitFor();
    await settings.getByText(`Harbor Lights · /t/${handle}`).waitFor();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    const sidebar = page.getByRole('navigation', { name: 'Workspace' });
    await sidebar.getByRole('link', { name: 'Harbor Lights' }).waitFor();
    await expect.poll(() => page.getByTestId('teams-button').textContent()).toContain('Harbor Lights');
    await expect.poll(() => page.title()).toBe('Agentroom (beta) — Harbor Lights');
    await page.getByRole('heading', { name: 'Harbor Lights' }).waitFor();
    await page.getByText('Night shifts at the lighthouse.').waitFor();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Night shifts at the lighthouse.');
    await checkEverywhere(page, 'team-admin-renamed', () => page.getByRole('heading', { name: 'Harbor Lights' }).waitFor());
    await openSettings(page);

    // The last owner may not leave: the server's 409 says why, in the dialog.
    await settings.getByRole('button', { name: 'Leave Team' }).click();
    await settings.getByRole('button', { name: 'Stay' }).waitFor();
    await settings.getByRole('button', { name: 'Leave Team' }).click();
    await settings.getByText('You are the last owner: make another member an owner before you leave').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${handle}`);
    await settings.getByRole('button', { name: 'Stay' }).click();
    await expectAccessible(page);

    // Ownership handed to Hank: he is an owner beside Olivia.
    await settings.getByRole('combobox', { name: `Role of ${hank.fullName}` }).selectOption('owner');
    await page.getByText(`${hank.fullName} is now owner`).waitFor();
    const hanks = await callApi<{ team: { myRole: string } }>(`/teams/${handle}`, undefined, hank.token);
    expect(hanks.team.myRole).toBe('owner');

    // Delete, confirmed by typing the handle: back in the workspace, the team gone for everyone.
    const danger = settings.getByRole('form', { name: 'Delete team' });
    const deleteButton = danger.getByRole('button', { name: 'Delete Team' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await danger.getByLabel(`Type ${handle} to confirm`).fill(handle);
    await expect.poll(() => deleteButton.isDisabled()).toBe(false);
    await checkEverywhere(page, 'team-admin-delete-confirm', () => deleteButton.scrollIntoViewIfNeeded());
    await deleteButton.click();
    await page.getByText('Harbor Lights was deleted').waitFor();
    await page.waitForURL((url) => url.pathname === `/t/${home}`);
    await settings.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Dockside' }).waitFor();
    await sidebar.getByRole('link', { name: 'Harbor Lights' }).waitFor({ state: 'detached' });
    const hanksTeams = await callApi<{ teams: unknown[] }>('/teams', undefined, hank.token);
    expect(hanksTeams.teams).toEqual([]);
    await checkEverywhere(page, 'team-admin-after-delete', () => page.getByRole('heading', { name: 'Dockside' }).waitFor());

    expect(problems).toEqual([]);
  }, 360_000);
});
