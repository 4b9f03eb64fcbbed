import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, pathOf, PHONE, resizeTo } from '../support/browser';
import { openSessionAt, shot, DESKTOP } from '../support/journey-kit';
import { startSsoServer } from '../support/sso-server';

/**
 * "Sign in with your company" (decision 0027) against a real OpenID provider, the testkit's: its plain
 * login page (a `login` field, "Sign in") and consent page ("Allow", "Deny") are filled like a person.
 */
const INES = { sub: 'ines-1', email: 'ines@acme.test', email_verified: true, given_name: 'Ines', family_name: 'Duarte' };
const OMAR = { sub: 'omar-1', email: 'omar@acme.test', email_verified: true, given_name: 'Omar', family_name: 'Haddad' };
const UNA = { sub: 'una-1', email: 'una@acme.test', email_verified: false, given_name: 'Una', family_name: 'Unverified' };
const OMAR_PASSWORD = { username: 'omarh', password: 'Passw0rdOk' };

let browser: Browser;
let server: Awaited<ReturnType<typeof startSsoServer>>;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startSsoServer([INES, OMAR, UNA])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TOKEN_KEY = 'agentroom_auth_token';
const tokenIn = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
const acmeButton = (page: Page) => page.getByRole('link', { name: 'Continue with Acme' });
const welcome = (page: Page, firstName: string) => page.getByRole('heading', { name: `Welcome to Agentroom, ${firstName}` });

/** The signed-in person, as the API knows them from the token this browser keeps. */
async function signedInUser(page: Page) {
  const token = await tokenIn(page);
  expect(token).toBeTruthy();
  return (await server.api<{ user: { username: string; email: string } }>('/auth/me', undefined, token!)).user;
}

/** At the provider: its login page, then its consent page, answered with `decision`. */
async function atProvider(page: Page, login: string, decision: 'Allow' | 'Deny' = 'Allow') {
  await page.getByLabel('Email or subject').fill(login);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: decision }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
  expect(await tokenIn(page)).toBeNull();
}

/**
 * "Continue with Acme" from the sign-in page, when the provider still knows this browser: it may ask
 * nothing again (its session and the grant are kept) and send the person straight back, or show its
 * pages once more. Either way the person ends signed in, as `firstName`.
 */
async function continueWithAcmeAgain(page: Page, login: string, firstName: string) {
  await acmeButton(page).click();
  const providerLogin = page.getByLabel('Email or subject');
  const allow = page.getByRole('button', { name: 'Allow' });
  await welcome(page, firstName).or(providerLogin).or(allow).waitFor();
  if (await providerLogin.isVisible()) await atProvider(page, login);
  else if (await allow.isVisible()) await allow.click();
  await welcome(page, firstName).waitFor();
}

describe('sign in with your company (OpenID Connect)', () => {
  it('a first sign-in with Acme makes the account, with the name Acme knows; the next one goes straight in', async () => {
    const { page, context, problems } = await openSessionAt(browser, server.baseUrl);
    await page.goto('/auth/login');
    await acmeButton(page).waitFor();
    await expectAccessible(page);
    await shot(page, 'sso-login-desktop');
    await resizeTo(page, PHONE);
    await shot(page, 'sso-login-phone');
    await resizeTo(page, DESKTOP);

    await acmeButton(page).click();
    await page.waitForURL((url) => url.origin !== server.baseUrl);
    await atProvider(page, INES.email);

    await welcome(page, 'Ines').waitFor();
    expect(pathOf(page)).toBe('/');
    expect(new URL(page.url()).hash).toBe('');
    const first = await signedInUser(page);
    expect(first.email).toBe(INES.email);
    await shot(page, 'sso-first-sign-in-desktop');
    await resizeTo(page, PHONE);
    await shot(page, 'sso-first-sign-in-phone');
    await resizeTo(page, DESKTOP);

    await signOut(page);
    await continueWithAcmeAgain(page, INES.email, 'Ines');
    expect((await signedInUser(page)).username).toBe(first.username);
    expect(new URL(page.url()).hash).toBe('');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('an account with the same email is linked once its owner signs in with the password', async () => {
    await server.registerVerified({ ...OMAR_PASSWORD, email: OMAR.email, firstName: 'Omar', lastName: 'Haddad' });
    const { page, context, problems } = await openSessionAt(browser, server.baseUrl);
    await page.goto('/auth/login');
    await acmeButton(page).click();
    await atProvider(page, OMAR.email);

    const banner = page.getByText(`An account with ${OMAR.email} already exists.`);
    await banner.waitFor();
    expect(pathOf(page)).toBe('/auth/login?sso_link=1');
    expect(await tokenIn(page)).toBeNull();
    await expectAccessible(page);
    await shot(page, 'sso-link-banner-desktop');
    await resizeTo(page, PHONE);
    await shot(page, 'sso-link-banner-phone');
    await resizeTo(page, DESKTOP);

    await page.getByLabel('Username or email').fill(OMAR_PASSWORD.username);
    await page.getByLabel('Password', { exact: true }).fill(OMAR_PASSWORD.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await welcome(page, 'Omar').waitFor();
    await page.getByText('Your Acme sign-in is linked.').waitFor();
    await shot(page, 'sso-linked-toast-desktop');

    await signOut(page);
    await continueWithAcmeAgain(page, OMAR.email, 'Omar');
    expect((await signedInUser(page)).username).toBe(OMAR_PASSWORD.username);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('says why on the sign-in page when the person says no at Acme, or Acme has not verified the email', async () => {
    const { page, context, problems } = await openSessionAt(browser, server.baseUrl);
    await page.goto('/auth/login');
    await acmeButton(page).click();
    await atProvider(page, INES.email, 'Deny');
    await page.getByText('Sign-in was cancelled at your provider.').waitFor();
    expect(pathOf(page)).toBe('/auth/login?sso_error=access_denied');
    await page.getByRole('heading', { name: 'Sign in to Agentroom' }).waitFor();
    expect(await tokenIn(page)).toBeNull();
    await shot(page, 'sso-error-denied-desktop');

    await context.close();

    // Una, in a browser her provider does not know yet: Acme has not verified her email.
    const una = await openSessionAt(browser, server.baseUrl);
    await una.page.goto('/auth/login');
    await acmeButton(una.page).click();
    await atProvider(una.page, UNA.email);
    await una.page.getByText("Your provider has not verified your email address, so we can't sign you in with it.").waitFor();
    expect(pathOf(una.page)).toBe('/auth/login?sso_error=email_not_verified');
    expect(await tokenIn(una.page)).toBeNull();
    await shot(una.page, 'sso-error-unverified-desktop');

    expect([...problems, ...una.problems]).toEqual([]);
    await una.context.close();
  });
});
