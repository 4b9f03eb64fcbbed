import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession } from '../support/browser';
import { live, lookEverywhere, signIn, teamOf, verifiedPerson } from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('your account', () => {
  it('edit a profile: the new name and role show on the card a teammate is looking at, live', async () => {
    const lead = await verifiedPerson('acp', 'Lena', 'Park');
    const mate = await verifiedPerson('acm', 'Omar', 'Haddad');
    const handle = await teamOf(lead, 'Profile Studio', [mate]);
    const a = await openSession(browser);
    const b = await openSession(browser, { colorScheme: 'dark' });
    for (const [session, person] of [
      [a, lead],
      [b, mate],
    ] as const) {
      await signIn(session.page, person);
      await session.page.waitForURL((url) => url.pathname === `/t/${handle}`);
      await live(session.page);
    }
    const leadCard = b.page.getByTestId('agent-card').filter({ hasText: `@${lead.username}` });
    await leadCard.getByText('Lena Park').waitFor();

    // From the user badge to the Profile page.
    await a.page.getByTestId('user-badge').getByRole('link', { name: 'Account settings' }).click();
    await a.page.waitForURL((url) => url.pathname === '/account/profile');
    await a.page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await a.page.getByLabel('First name').fill('Lena');
    await a.page.getByLabel(/Middle name/).fill('Mai');
    await a.page.getByLabel('Role').fill('Design lead');
    await a.page.getByRole('button', { name: 'Save profile' }).click();
    await a.page.getByText('Profile saved.').waitFor();
    await lookEverywhere(a.page, 'account-profile');

    // The teammate's card follows without a reload.
    await leadCard.getByText('Lena Mai Park').waitFor();
    await leadCard.getByText('Design lead').waitFor();
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 180_000);

  it('change a password: another browser of the same person is signed out; this one stays', async () => {
    const me = await verifiedPerson('acw', 'Ines', 'Duarte');
    const a = await openSession(browser);
    const other = await openSession(browser);
    for (const session of [a, other]) {
      await signIn(session.page, me);
      await session.page.waitForURL((url) => url.pathname === '/');
      await live(session.page);
    }

    await a.page.goto('/account/sessions');
    await a.page.getByTestId('account-session').nth(1).waitFor();
    await a.page.getByText('This device').waitFor();
    await lookEverywhere(a.page, 'account-sessions');

    await a.page.getByRole('link', { name: 'Password' }).click();
    await a.page.getByLabel('Current password').fill(me.password);
    await a.page.getByLabel('New password', { exact: true }).fill('Brand-new-Passw0rd');
    await a.page.getByLabel('Confirm new password').fill('Brand-new-Passw0rd');
    await a.page.getByRole('button', { name: 'Change password' }).click();
    await a.page.getByText('Your password was changed. Every other session was signed out.').waitFor();
    await lookEverywhere(a.page, 'account-password');

    // The other browser is back at sign-in without anyone touching it.
    await other.page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    // This one still works: its sessions list now holds only itself.
    await a.page.getByRole('link', { name: 'Sessions' }).click();
    await a.page.getByText('No other sessions are signed in.').waitFor();
    expect(await a.page.getByTestId('account-session').count()).toBe(1);
    expect(a.problems).toEqual([]);
    expect(other.problems).toEqual([]);
    await a.context.close();
    await other.context.close();
  }, 180_000);
});
