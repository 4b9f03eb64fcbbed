import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openSession, pathOf, snap, snapDesktop } from '../support/browser';
import { linkFromMail, nextMail, SUBJECTS } from '../support/mail';

const DEMO = { username: 'demo', email: 'demo@agentroom.local', password: 'Agentroom1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in', () => {
  it('a protected page sends a visitor to sign in and back to that page afterwards', async () => {
    const { page, context, problems } = await openSession(browser);
    await page.goto('/t/demo');
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    expect(pathOf(page)).toBe('/auth/login');
    expect(await page.title()).toBe('Agentroom (beta) — Sign In');
    await expectAccessible(page);
    await snap(page, 'login');

    await page.getByLabel('Username or email').fill(DEMO.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid username/email or password');
    await snap(page, 'login-error');

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/t/demo');
    expect(await page.evaluate(() => localStorage.getItem('agentroom_auth_token'))).toBeTruthy();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await snap(page, 'team-page');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('magic link: request, mail, Welcome Back!, into the app; the link works once', async () => {
    const { page, context, problems } = await openSession(browser);
    await page.goto('/auth/login');
    await page.getByRole('switch', { name: 'Use magic link' }).click();
    await page.getByRole('button', { name: 'Send Magic Link' }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await snap(page, 'login-magic-link');

    await page.getByLabel('Username or email').fill(DEMO.email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await snap(page, 'login-magic-link-sent');

    const link = linkFromMail(await nextMail(DEMO.email, SUBJECTS.magicLink), '/auth/magic-link');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome Back!' }).waitFor();
    await snapDesktop(page, 'magic-link-welcome');
    // Full redirect to '/' after 2 s, which then picks the first team (or the profile page).
    await page.waitForURL((url) => url.pathname === '/t/demo' || url.pathname === '/p/@demo');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Login Failed' }).waitFor();
    await page.getByRole('link', { name: 'Sign In with Password' }).waitFor();
    await snap(page, 'magic-link-failed');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('looks right in the dark theme too', async () => {
    const { page, context } = await openSession(browser, { colorScheme: 'dark' });
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    await expectAccessible(page);
    await snap(page, 'login-dark');
    await page.goto('/auth/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await snap(page, 'register-dark');
    await context.close();
  });
});
