import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSession, pathOf, uniqueUser } from '../support/browser';
import { linkFromMail, nextMail, SUBJECTS } from '../support/mail';
import {
  closeDrawer,
  discPng,
  eventually,
  live,
  lookEverywhere,
  openDrawer,
  shot,
  sidebarOf,
  signIn,
  teamOf,
  verifiedPerson,
} from '../support/workspace';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type NewUser = ReturnType<typeof uniqueUser>;

/** The register form, filled and sent; answers the verification link from the mail. */
async function registerThroughTheForm(page: Page, user: NewUser) {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
  return linkFromMail(await nextMail(user.email, SUBJECTS.verifyEmail), '/auth/verify-email');
}

/** The sign-in form (already on screen), filled and sent. */
async function signInThroughTheForm(page: Page, user: NewUser) {
  await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const peopleIn = (page: Page) => sidebarOf(page).getByRole('region', { name: 'People' });

/** An uploaded avatar (served by us as WebP), not a generated one. */
const uploadedAvatar = (scope: Locator) => scope.locator('img[src*="/api/v1/avatars/i/"]');

/** The image is there and the browser could draw it. */
async function expectDrawn(image: Locator) {
  await image.waitFor();
  await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

describe('workspace', () => {
  it('first run: register → welcome → create a team → invite by email → the invitee registers from the mail and joins', async () => {
    const lead = { ...uniqueUser('wsl'), firstName: 'Lena', lastName: 'Park' };
    const invitee = { ...uniqueUser('wsi'), firstName: 'Omar', lastName: 'Haddad' };
    const teamName = `Studio ${lead.username.slice(-5)}`;

    // The lead registers through the form, verifies from the mail and signs in: the welcome page.
    const a = await openSession(browser);
    await a.page.goto('/auth/register');
    const leadLink = await registerThroughTheForm(a.page, lead);
    await a.page.goto(leadLink);
    await a.page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await a.page.getByRole('link', { name: 'Continue to Sign In' }).click();
    await signInThroughTheForm(a.page, lead);
    await a.page.getByRole('heading', { name: 'Welcome to Agentroom, Lena' }).waitFor();
    expect(pathOf(a.page)).toBe('/');
    expect(await a.page.title()).toBe('Agentroom (beta) — Welcome');
    await peopleIn(a.page).waitFor({ state: 'detached' });
    await lookEverywhere(a.page, 'welcome');

    // 'Create a team': the dialog opens the new team, with the lead alone in it.
    await a.page.getByRole('main').getByRole('button', { name: 'Create a team' }).click();
    const create = a.page.getByRole('dialog', { name: 'Create New Team' });
    await create.getByLabel('Team name').fill(teamName);
    const handle = await create.getByLabel('Handle').inputValue();
    expect(handle).toBe(`studio-${lead.username.slice(-5)}`);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await a.page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await a.page.getByRole('heading', { name: new RegExp(teamName) }).waitFor();
    await peopleIn(a.page).getByText('Only you so far.').waitFor();
    expect(await a.page.getByTestId('teams-button').textContent()).toContain(teamName);
    await lookEverywhere(a.page, 'new-team');

    // Team settings: invite the colleague's address; the invitation waits in the list.
    await a.page.getByRole('link', { name: 'Manage Team' }).click();
    await a.page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: 'Invitations' }).click();
    const settings = a.page.getByRole('region', { name: 'Invitations' });
    const inviteForm = settings.getByRole('form', { name: 'Invite by email' });
    await inviteForm.getByLabel('Email address').fill(invitee.email);
    await inviteForm.getByRole('button', { name: 'Invite', exact: true }).click();
    await a.page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    const pending = settings.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(invitee.email).waitFor();
    await a.page.getByText(`Invitation sent to ${invitee.email}`).waitFor({ state: 'detached' });
    await inviteForm.scrollIntoViewIfNeeded();
    await lookEverywhere(a.page, 'invite-sent', { atPhone: () => inviteForm.scrollIntoViewIfNeeded() });
    await a.page.goto(`/t/${handle}`);
    await a.page.getByRole('heading', { name: new RegExp(teamName) }).waitFor();

    // The mail arrives over SMTP, naming who invites to which team, with the link.
    const invitation = await nextMail(invitee.email, SUBJECTS.invitation);
    expect(invitation.subject).toBe(`Lena invited you to ${teamName} on Agentroom`);
    const inviteLink = linkFromMail(invitation, '/invite');
    const invitePath = `${new URL(inviteLink).pathname}${new URL(inviteLink).search}`;

    // The invitee, in another browser, opens it: which team, and the ways in.
    const b = await openSession(browser, { colorScheme: 'dark' });
    await b.page.goto(inviteLink);
    await b.page.getByRole('heading', { name: `Join ${teamName}` }).waitFor();
    await b.page.getByText(`You have been invited to the team ${teamName} (/t/${handle}).`).waitFor();
    await shot(b.page, 'workspace-invite-page-desktop-dark');
    await b.page.getByRole('link', { name: 'Register to join' }).click();

    // Registering from there: the verification mail brings the invitee back to the invitation.
    const inviteeLink = await registerThroughTheForm(b.page, invitee);
    expect(new URL(inviteeLink).searchParams.get('next')).toBe(invitePath);
    await b.page.goto(inviteeLink);
    await b.page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await b.page.getByRole('link', { name: 'Continue to Sign In' }).click();
    await signInThroughTheForm(b.page, invitee);
    await b.page.getByRole('heading', { name: `Join ${teamName}` }).waitFor();
    expect(pathOf(b.page)).toBe(invitePath);
    await shot(b.page, 'workspace-invite-signed-in-desktop-dark');
    await b.page.getByRole('button', { name: 'Join team' }).click();

    // In: the team page, and the lead among the people in the sidebar.
    await b.page.waitForURL((url) => url.pathname === `/t/${handle}`);
    await b.page.getByRole('heading', { name: new RegExp(teamName) }).waitFor();
    await peopleIn(b.page).getByRole('link', { name: /Lena Park/ }).waitFor();
    expect(await b.page.getByTestId('teams-button').textContent()).toContain(teamName);
    await lookEverywhere(b.page, 'joined', {
      atPhone: async (page) => {
        const drawer = await openDrawer(page);
        await drawer.getByRole('region', { name: 'People' }).getByRole('link', { name: /Lena Park/ }).waitFor();
      },
      leavePhone: closeDrawer,
    });

    // The lead sees the newcomer among the people of the team, and the invitation is no longer pending.
    await a.page.reload();
    await peopleIn(a.page).getByRole('link', { name: /Omar Haddad/ }).waitFor();
    await a.page.getByTestId('agent-card').filter({ hasText: `@${invitee.username}` }).waitFor();
    await a.page.goto(`/t/${handle}/settings/invitations`);
    await settings.getByRole('form', { name: 'Invite by email' }).waitFor();
    expect(await settings.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);

    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 180_000);

  it('avatar upload: Profile → upload a PNG → the sidebar badge and the team card show it, and the other person sees it live', async () => {
    const lead = await verifiedPerson('wal', 'Lena', 'Park');
    const mate = await verifiedPerson('wam', 'Omar', 'Haddad');
    const teamName = `Studio ${lead.username.slice(-5)}`;
    const handle = await teamOf(lead, teamName, [mate]);

    const a = await openSession(browser);
    const b = await openSession(browser, { colorScheme: 'dark' });
    for (const [session, person] of [
      [a, lead],
      [b, mate],
    ] as const) {
      await signIn(session.page, person);
      await session.page.waitForURL((url) => url.pathname === `/t/${handle}`);
      await session.page.getByTestId('agent-card').nth(1).waitFor();
      // Live before the change, or the mate's page would only learn of it on a later load.
      await live(session.page);
    }
    const leadCard = (page: Page) => page.getByTestId('agent-card').filter({ hasText: `@${lead.username}` });
    expect(await uploadedAvatar(a.page.locator('body')).count()).toBe(0);

    // Profile, from the user badge: the generated avatar, and a PNG chosen from disk.
    await a.page.getByTestId('user-badge').getByRole('button', { name: 'Profile' }).click();
    const profile = a.page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Upload image' }).waitFor();
    await profile.getByText(`@${lead.username}`).waitFor();
    await profile.getByTestId('avatar-input').setInputFiles({ name: 'lena.png', mimeType: 'image/png', buffer: discPng() });
    // Stored, resized and served by us: the picker now offers to change or remove it.
    await profile.getByRole('button', { name: 'Change image' }).waitFor();
    await profile.getByRole('button', { name: 'Remove' }).waitFor();
    const picked = uploadedAvatar(profile.getByTestId('avatar-picker'));
    await expectDrawn(picked);
    const src = (await picked.getAttribute('src'))!;
    const served = await fetch(new URL(src, inject('baseUrl')));
    expect(served.headers.get('content-type')).toBe('image/webp');
    await lookEverywhere(a.page, 'profile-avatar', {
      // On a phone the badge lives in the drawer: Profile opens from there.
      atPhone: async (page) => {
        const drawer = await openDrawer(page);
        await drawer.getByTestId('user-badge').getByRole('button', { name: 'Profile' }).click();
        await expectDrawn(uploadedAvatar(profile.getByTestId('avatar-picker')));
      },
      leavePhone: async (page) => {
        await page.keyboard.press('Escape');
        await profile.waitFor({ state: 'detached' });
        await closeDrawer(page);
      },
    });
    await profile.waitFor({ state: 'detached' });

    // The lead's own badge and card show it.
    await expectDrawn(uploadedAvatar(a.page.getByTestId('user-badge')));
    await expectDrawn(uploadedAvatar(leadCard(a.page)));
    expect(await uploadedAvatar(leadCard(a.page)).getAttribute('src')).toBe(src);
    await lookEverywhere(a.page, 'avatar-own', {
      atPhone: async (page) => {
        await expectDrawn(uploadedAvatar(leadCard(page)));
        const drawer = await openDrawer(page);
        await expectDrawn(uploadedAvatar(drawer.getByTestId('user-badge')));
      },
      leavePhone: closeDrawer,
    });

    // The mate sees it live: on the lead's card and beside the lead's name in the sidebar.
    await expectDrawn(uploadedAvatar(leadCard(b.page)));
    await expectDrawn(uploadedAvatar(peopleIn(b.page).getByRole('link', { name: /Lena Park/ })));
    expect(await uploadedAvatar(b.page.getByTestId('user-badge')).count()).toBe(0);
    await lookEverywhere(b.page, 'avatar-seen', {
      atPhone: async (page) => {
        const drawer = await openDrawer(page);
        await expectDrawn(uploadedAvatar(drawer.getByRole('region', { name: 'People' }).getByRole('link', { name: /Lena Park/ })));
      },
      leavePhone: closeDrawer,
    });

    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 180_000);
});
