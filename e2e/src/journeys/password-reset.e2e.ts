import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi } from '../support/api';
import { launchBrowser, openSession, snap, uniqueUser } from '../support/browser';
import { linkFromMail, nextMail, SUBJECTS } from '../support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('password reset', () => {
  it('forgot → mail → new password → sign in with it; the link used twice is rejected', async () => {
    const { page, context, problems } = await openSession(browser);
    const user = uniqueUser('rst');
    await registerViaApi(user, { verify: true });

    await page.goto('/auth/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await snap(page, 'reset-password-no-token');

    await page.goto('/auth/forgot-password');
    const submit = page.getByRole('button', { name: 'Send Reset Link' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await snap(page, 'forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await submit.click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByText(`If an account with ${user.email} exists, we've sent a password reset link`).waitFor();
    await snap(page, 'forgot-password-sent');

    const link = linkFromMail(await nextMail(user.email, SUBJECTS.resetPassword), '/auth/reset-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await snap(page, 'reset-password');
    const newPassword = 'Brand-new-Passw0rd';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await snap(page, 'reset-password-success');

    // After 3 s the page moves on to sign in by itself.
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    await page.getByLabel('Username or email').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Signed in: a team page, or the welcome page for someone in no team yet.
    await page.getByRole('navigation', { name: 'Workspace' }).waitFor();

    // The used link says so as soon as it opens, before any typing.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    await page.getByText('Invalid reset link. Please request a new password reset.').waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).waitFor();
    await snap(page, 'reset-password-used-link');

    expect(problems).toEqual([]);
    await context.close();
  });
});
