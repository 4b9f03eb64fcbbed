import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { signUpVerified, uniqueUser } from '../support/test-server';
import { fragmentOf, providerPerson, signInWith, ssoErrorOf, startSsoWorld, type SsoWorld } from './sso-fixtures';

let world: SsoWorld;
beforeAll(async () => {
  world = await startSsoWorld();
});
afterAll(async () => {
  await world?.stop();
});

const FLOW = 'ar_sso_flow';

/** A GET as the browser sends it (cookies given), not followed: where the app sends it next. */
async function visit(url: string, flowCookie?: string) {
  const res = await fetch(url, { redirect: 'manual', headers: flowCookie ? { cookie: `${FLOW}=${flowCookie}` } : {} });
  expect(res.status, `${url} answered ${res.status}`).toBe(302);
  return res.headers.get('location') ?? '';
}

/** Up to the provider's redirect back, with the flow cookie the start set. */
async function atCallback(login: string) {
  const walk = await signInWith(world, 'acme', login, { stopAtCallback: true });
  return { url: walk.callbackUrl!, flow: walk.jar.get(world.server.url, FLOW)! };
}

describe('a provider sign-in that does not finish lands on the sign-in page, saying why', () => {
  it('access_denied: the person denied consent at the provider', async () => {
    const person = providerPerson(world.provider);
    const { location } = await signInWith(world, 'acme', person.sub, { consent: 'deny' });
    expect(location).toBe('/auth/login?sso_error=access_denied');
  });

  it('state_mismatch: no flow cookie, a tampered one, or a changed state', async () => {
    const person = providerPerson(world.provider);
    const missing = await atCallback(person.sub);
    expect(ssoErrorOf(await visit(missing.url))).toBe('state_mismatch');

    const tampered = await atCallback(person.sub);
    const forged = `${tampered.flow.slice(0, -4)}${tampered.flow.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(ssoErrorOf(await visit(tampered.url, forged))).toBe('state_mismatch');

    const changed = await atCallback(person.sub);
    const url = new URL(changed.url);
    url.searchParams.set('state', 'not-the-state-we-sent');
    expect(ssoErrorOf(await visit(url.href, changed.flow))).toBe('state_mismatch');
    // The flow of another provider does not finish this one's callback.
    expect(ssoErrorOf(await visit(changed.url.replace('/acme/', '/corp/'), changed.flow))).toBe('state_mismatch');
  });

  it('code_rejected: the code was used already', async () => {
    const person = providerPerson(world.provider);
    const { url, flow } = await atCallback(person.sub);
    expect(fragmentOf(await visit(url, flow)).ticket).not.toBe('');
    expect(ssoErrorOf(await visit(url, flow))).toBe('code_rejected');
  });

  it('email_not_verified and email_missing: the provider vouches for no address', async () => {
    const unverified = providerPerson(world.provider, { email_verified: false });
    expect((await signInWith(world, 'acme', unverified.sub)).location).toBe('/auth/login?sso_error=email_not_verified');
    const noEmail = providerPerson(world.provider, { email: undefined });
    expect((await signInWith(world, 'acme', noEmail.sub)).location).toBe('/auth/login?sso_error=email_missing');
  });

  it('domain_not_allowed: a provider limited to its email domains', async () => {
    const outsider = providerPerson(world.provider);
    expect((await signInWith(world, 'corp', outsider.sub)).location).toBe('/auth/login?sso_error=domain_not_allowed');
    const insider = providerPerson(world.provider, {}, 'corp.test');
    expect(fragmentOf((await signInWith(world, 'corp', insider.sub)).location).path).toBe('/auth/sso');
  });

  it('unknown_provider, and input no browser would send, as a page rather than JSON', async () => {
    const base = `${world.server.url}/api/v1/auth/sso`;
    for (const url of [`${base}/nope/start`, `${base}/NOT_AN_ID/start`, `${base}/nope/callback?code=a&state=b`])
      expect(ssoErrorOf(await visit(url))).toBe('unknown_provider');
    expect(ssoErrorOf(await visit(`${base}/acme/callback?code=${'c'.repeat(5000)}&state=s`))).toBe('state_mismatch');
    expect(ssoErrorOf(await visit(`${base}/acme/callback?state=a&state=b`))).toBe('state_mismatch');
    expect(ssoErrorOf(await visit(`${base}/acme/callback`))).toBe('state_mismatch');
    // A next that is not a path of this app is dropped, not followed.
    const person = providerPerson(world.provider);
    const { location } = await signInWith(world, 'acme', person.sub, { next: '//evil.test/x' });
    expect(fragmentOf(location).next).toBeUndefined();
  });

  it('provider_unavailable: an issuer nobody answers at, and a provider gone before the callback', async () => {
    const down = await visit(`${world.server.url}/api/v1/auth/sso/down/start`);
    expect(down).toBe('/auth/login?sso_error=provider_unavailable');
    // Tried again, not remembered as down.
    expect(await visit(`${world.server.url}/api/v1/auth/sso/down/start`)).toBe('/auth/login?sso_error=provider_unavailable');

    const person = providerPerson(world.provider);
    const { url, flow } = await atCallback(person.sub);
    await world.provider.close();
    expect(ssoErrorOf(await visit(url, flow))).toBe('provider_unavailable');
    const warned = world.logLines.filter((line) => line.includes('provider sign-in did not finish'));
    expect(warned.some((line) => line.includes('"provider":"acme"') && line.includes('"code":"provider_unavailable"'))).toBe(true);
  });
});

describe('operator settings: only some email domains, and no passwords', () => {
  let closed: SsoWorld;
  beforeAll(async () => {
    closed = await startSsoWorld({ SSO_EMAIL_DOMAINS: 'corp.test', PASSWORD_SIGN_IN: 'false' });
  });
  afterAll(async () => {
    await closed?.stop();
  });

  it('limits every provider to SSO_EMAIL_DOMAINS', async () => {
    const outsider = providerPerson(closed.provider);
    expect((await signInWith(closed, 'acme', outsider.sub)).location).toBe('/auth/login?sso_error=domain_not_allowed');
    const insider = providerPerson(closed.provider, {}, 'corp.test');
    const { ticket } = fragmentOf((await signInWith(closed, 'acme', insider.sub)).location);
    await closed.server.api().post('/api/v1/auth/sso/exchange').send({ ticket }).expect(200);
  });

  it('refuses password sign-in and sign-up, says so on the sign-in page, and keeps magic links', async () => {
    const api = () => closed.server.api();
    expect((await api().get('/api/v1/auth/sso/providers').expect(200)).body.data.passwordSignIn).toBe(false);
    const user = await signUpVerified(closed.server, 'pw');
    const login = await api().post('/api/v1/auth/login').send({ identifier: user.username, password: user.password }).expect(403);
    expect(login.body.error).toBe(AUTH_ERRORS.passwordSignInOff);
    const register = await api().post('/api/v1/auth/register').send(uniqueUser('pwoff')).expect(403);
    expect(register.body.error).toBe(AUTH_ERRORS.passwordSignInOff);
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: user.email }).expect(200);
    const magic = tokenFromMail(await closed.server.mail.nextMail(user.email), '/auth/magic-link');
    await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(200);
  });
});
