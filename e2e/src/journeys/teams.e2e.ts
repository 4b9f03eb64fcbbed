import type { Browser } from 'playwright-core';
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

/** A verified user, signed in through the API (for the data the journey is not about). */
async function verifiedUser(prefix: string) {
  const user = uniqueUser(prefix);
  await registerViaApi(user, { verify: true });
  const { token } = await callApi<{ token: string }>('/auth/login', { username: user.username, password: user.password });
  return { ...user, token };
}

describe('teams', () => {
  it('sign in → team cards → drawer → create a team → add a colleague and an AI agent → both teams in the drawer', async () => {
    const lead = await verifiedUser('lead');
    const colleague = await verifiedUser('mate');
    // The colleague's team, with the lead in it: where the lead lands after signing in.
    const theirs = `mates-${colleague.username.slice(-5)}`;
    await callApi('/teams', { name: 'Mates', handle: theirs, description: 'Where mates meet.' }, colleague.token);
    await callApi(`/teams/${theirs}/members`, { username: lead.username }, colleague.token);

    const { page, context, problems } = await openSession(browser);
    await page.goto('/auth/login');
    await page.getByLabel('Username or email').fill(lead.username);
    await page.getByLabel('Password', { exact: true }).fill(lead.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/t/${theirs}`);

    // The team page: the cards of both people, the title and the fixed elements.
    await page.getByRole('heading', { name: /Mates/ }).waitFor();
    const cards = page.getByTestId('agent-card');
    await cards.filter({ hasText: `@${colleague.username}` }).waitFor();
    await cards.filter({ hasText: `@${lead.username}` }).waitFor();
    expect(await cards.count()).toBe(2);
    expect(await page.title()).toBe('Agentroom (beta) — Mates');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Where mates meet.');
    await page.getByTestId('user-badge').getByText('Grace Hopper').waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Mates');
    await expectAccessible(page);
    await snap(page, 'team-cards');

    // The drawer lists the one team; 'Create New Team' opens the dialog.
    await page.getByTestId('teams-button').click();
    const drawer = page.getByRole('dialog', { name: 'Teams' });
    await drawer.getByTestId('team-card').filter({ hasText: 'Mates' }).waitFor();
    expect(await drawer.getByTestId('team-card').count()).toBe(1);
    await expectAccessible(page);
    await snap(page, 'teams-drawer');
    await drawer.getByRole('button', { name: 'Create New Team' }).click();

    const create = page.getByRole('dialog', { name: 'Create New Team' });
    const name = `Launch ${lead.username.slice(-5)}`;
    await create.getByLabel('Team name').fill(name);
    const handle = await create.getByLabel('Handle').inputValue();
    expect(handle).toBe(`launch-${lead.username.slice(-5)}`);
    await create.getByLabel(/^Description/).fill('We ship things.');
    await snap(page, 'create-team');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
    await cards.filter({ hasText: `@${lead.username}` }).waitFor();
    expect(await page.title()).toBe(`Agentroom (beta) — ${name}`);

    // Settings: add the colleague by @username, then create an AI agent with a personality.
    // A new team shows its next steps until they are done.
    const nextSteps = page.getByRole('region', { name: 'Next steps' });
    await nextSteps.getByRole('link', { name: 'Invite people' }).waitFor();
    await page.getByRole('link', { name: 'Manage Team' }).click();
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('button', { name: 'Add Member' }).waitFor();
    // Checked before any toast shows: a toast fading in is not a contrast problem of the page.
    await expectAccessible(page);
    await members.getByLabel('Username', { exact: true }).fill(`@${colleague.username}`);
    await members.getByRole('button', { name: 'Add Member' }).click();
    await page.getByText('Grace Hopper was added to the team').waitFor();
    await page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: 'AI agents' }).click();
    const settings = page.getByRole('region', { name: 'AI agents' });
    await settings.getByRole('button', { name: 'New AI Agent' }).click();
    await settings.getByLabel('First name', { exact: true }).fill('Pixel');
    await settings.getByRole('textbox', { name: /^Role/ }).fill('Illustrator');
    await settings.getByRole('textbox', { name: /^Personality/ }).fill('Playful and visual; answers with sketches in words.');
    await snap(page, 'team-settings');
    await settings.getByRole('button', { name: 'Create Agent' }).click();
    await page.getByText(/Pixel joined the team as @pixel/).waitFor();
    await page.getByRole('main').getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname === `/t/${handle}`);

    // The AI agent's card appears beside the two people.
    const pixel = cards.filter({ hasText: 'Pixel' });
    await pixel.waitFor();
    await pixel.getByText('AI', { exact: true }).waitFor();
    await cards.filter({ hasText: `@${colleague.username}` }).waitFor();
    expect(await cards.count()).toBe(3);
    await snap(page, 'team-with-ai-agent');

    // Both teams are in the drawer, oldest first, the new one with its three members.
    await page.getByTestId('teams-button').click();
    const teamCards = page.getByRole('dialog', { name: 'Teams' }).getByTestId('team-card');
    await teamCards.nth(1).waitFor();
    expect(await teamCards.allInnerTexts()).toEqual([expect.stringContaining('Mates'), expect.stringContaining(name)]);
    expect(await teamCards.nth(1).getByRole('img').count()).toBe(3);
    await snap(page, 'teams-drawer-two-teams');
    await page.keyboard.press('Escape');

    // A card opens the team-scoped chat with that agent.
    await pixel.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/t/${handle}/p/`));
    expect(decodeURIComponent(pathOf(page))).toMatch(new RegExp(`^/t/${handle}/p/@pixel`));

    expect(problems).toEqual([]);
    await context.close();
  });

  it('a non-member sees the access error, and an unknown team says Team not found', async () => {
    const owner = await verifiedUser('own');
    const stranger = await verifiedUser('str');
    const handle = `private-${owner.username.slice(-5)}`;
    await callApi('/teams', { name: 'Private', handle }, owner.token);

    const { page, context, problems } = await openSession(browser);
    await page.goto('/auth/login');
    await page.getByLabel('Username or email').fill(stranger.username);
    await page.getByLabel('Password', { exact: true }).fill(stranger.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // In no team yet: the welcome page at '/'.
    await page.getByRole('heading', { name: /^Welcome to Agentroom/ }).waitFor();

    await page.goto(`/t/${handle}`);
    await page.getByText('Error: Access denied: You are not a member of this team').waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Select team');

    await page.goto('/t/no-such-team-here');
    await page.getByRole('heading', { name: 'Team not found' }).waitFor();
    expect(await page.getByTestId('teams-button').textContent()).toContain('Team not found');
    expect(await page.title()).toBe('Agentroom (beta) — Team');
    await page.getByTestId('teams-button').click();
    await page.getByRole('dialog', { name: 'Teams' }).getByText('No teams found').waitFor();
    await snap(page, 'team-not-found');

    expect(problems).toEqual([]);
    await context.close();
  });
});
