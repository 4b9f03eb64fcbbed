import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi } from '../support/api';
import { expectAccessible, launchBrowser, openSession, pathOf, snap, uniqueUser } from '../support/browser';
import { linkFromMail, nextMail, SUBJECTS } from '../support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('registration', () => {
  it('register → verification mail → Email Verified! → sign in → into the app', async () => {
    const { page, context, problems } = await openSession(browser);
    const user = uniqueUser('reg');

    await page.goto('/auth/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.title()).toBe('Agentroom (beta) — Register');
    await expectAccessible(page);
    await snap(page, 'register');

    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Passwords do not match');
    await snap(page, 'register-errors');

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Registration Successful!' }).waitFor();
    await snap(page, 'register-success');

    const link = linkFromMail(await nextMail(user.email, SUBJECTS.verifyEmail), '/auth/verify-email');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    await snap(page, 'verify-email-success');

    await page.getByRole('link', { name: 'Continue to Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    await page.getByLabel('Username or email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // A new user has no team yet: the landing is the welcome page, with a way to create one.
    await page.getByRole('heading', { name: `Welcome to Agentroom, ${user.firstName}` }).waitFor();
    expect(pathOf(page)).toBe('/');

    // The same link again: it says the address is verified already, with the way in.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Already Verified' }).waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await snap(page, 'verify-email-already-verified');

    expect(problems).toEqual([]);
    await context.close();
  });

  it("an unverified user sees 'Email Verification Required', can resend and sign out", async () => {
    const { page, context, problems } = await openSession(browser);
    const user = uniqueUser('unv');
    await registerViaApi(user, { verify: false });
    await nextMail(user.email, SUBJECTS.verifyEmail); // the registration mail

    await page.goto('/auth/login');
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Email Verification Required' }).waitFor();
    await page.getByText(user.email).waitFor();
    await snap(page, 'verification-required');

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByRole('button', { name: /^Resend in \d+s$/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Resend in \d+s$/ }).isDisabled()).toBe(true);
    const again = await nextMail(user.email, SUBJECTS.verifyEmail);
    expect(linkFromMail(again, '/auth/verify-email')).toContain('token=');
    await snap(page, 'verification-required-resent');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('agentroom_auth_token'))).toBeNull();

    expect(problems).toEqual([]);
    await context.close();
  });
});
