import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { ssoIdentities } from '../../src/db/schema';
import { signUpVerified } from '../support/test-server';
import { bearer } from '../teams/team-helpers';
import { fragmentOf, providerPerson, signInWith, startSsoWorld, type SsoWorld } from './sso-fixtures';

let world: SsoWorld;
beforeAll(async () => {
  world = await startSsoWorld();
});
afterAll(async () => {
  await world?.stop();
});

const api = () => world.server.api();
const LINK = '/api/v1/auth/sso/link';
const withCookie = (cookie: string | undefined) => ({ Cookie: cookie ? `ar_sso_link=${cookie}` : '' });
const identitiesOf = async (sub: string) => world.server.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, sub));

/** An account with a password, and a provider sign-in with its email waiting in "this browser" (the link cookie). */
async function pendingLink() {
  const user = await signUpVerified(world.server, 'owner');
  const person = providerPerson(world.provider, { email: user.email });
  const { location, jar } = await signInWith(world, 'acme', person.sub);
  const cookie = jar.get(world.server.url, 'ar_sso_link');
  return { user, person, location, cookie };
}

const passwordSignIn = async (user: { username: string; password: string }) =>
  (await api().post('/api/v1/auth/login').send({ identifier: user.username, password: user.password }).expect(200)).body.data.token as string;

describe('a provider sign-in with the email of an existing account', () => {
  it('links nothing by itself: the sign-in page is asked to prove the account first', async () => {
    const { user, person, location, cookie } = await pendingLink();
    expect(location).toBe('/auth/login?sso_link=1');
    expect(cookie).toBeTruthy();
    expect(await identitiesOf(person.sub)).toEqual([]);
    const waiting = await api().get(LINK).set(withCookie(cookie)).expect(200);
    expect(waiting.body.data).toEqual({ link: { provider: { id: 'acme', name: 'Acme' }, email: user.email } });
    expect((await api().get(LINK).expect(200)).body.data).toEqual({ link: null });
    // Signing in again at the provider still links nothing.
    const again = await signInWith(world, 'acme', person.sub);
    expect(again.location).toBe('/auth/login?sso_link=1');
    expect(await identitiesOf(person.sub)).toEqual([]);
  });

  it('refuses to link for a session from before the provider sign-in, another account, or without the cookie', async () => {
    const { user, person, cookie } = await pendingLink();
    const stale = await api().post(LINK).set(bearer(user.token)).set(withCookie(cookie)).expect(403);
    expect(stale.body.error).toBe(AUTH_ERRORS.ssoLinkNeedsSignIn);
    const other = await signUpVerified(world.server, 'other');
    const otherFresh = await passwordSignIn(other);
    const wrong = await api().post(LINK).set(bearer(otherFresh)).set(withCookie(cookie)).expect(403);
    expect(wrong.body.error).toBe(AUTH_ERRORS.ssoLinkOtherAccount);
    const fresh = await passwordSignIn(user);
    const none = await api().post(LINK).set(bearer(fresh)).expect(403);
    expect(none.body.error).toBe(AUTH_ERRORS.ssoLinkExpired);
    await api().post(LINK).set(withCookie(cookie)).expect(401);
    expect(await identitiesOf(person.sub)).toEqual([]);
  });

  it('links after a fresh password sign-in; the provider then signs in to that account', async () => {
    const { user, person, cookie } = await pendingLink();
    const fresh = await passwordSignIn(user);
    const linked = await api().post(LINK).set(bearer(fresh)).set(withCookie(cookie)).expect(200);
    expect(linked.body.data).toEqual({ linked: { provider: { id: 'acme', name: 'Acme' }, email: user.email } });
    expect(String(linked.headers['set-cookie'])).toMatch(/ar_sso_link=;/);
    expect(await identitiesOf(person.sub)).toHaveLength(1);
    // The ticket is spent: the same cookie links nothing twice.
    await api().post(LINK).set(bearer(fresh)).set(withCookie(cookie)).expect(403);
    const { ticket } = fragmentOf((await signInWith(world, 'acme', person.sub)).location);
    const signedIn = await api().post('/api/v1/auth/sso/exchange').send({ ticket }).expect(200);
    expect(signedIn.body.data.user.id).toBe(user.user.id);
  });

  it('links after a magic link sign-in (no password needed)', async () => {
    const { user, person, cookie } = await pendingLink();
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: user.email }).expect(200);
    const magic = tokenFromMail(await world.server.mail.nextMail(user.email), '/auth/magic-link');
    const session = await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(200);
    await api().post(LINK).set(bearer(session.body.data.token)).set(withCookie(cookie)).expect(200);
    expect(await identitiesOf(person.sub)).toHaveLength(1);
    const identities = await api().get('/api/v1/users/me/sso').set(bearer(session.body.data.token)).expect(200);
    expect(identities.body.data.identities).toEqual([{ provider: { id: 'acme', name: 'Acme' }, email: user.email, createdAt: expect.any(String), lastSignInAt: null }]);
    // The account's email was proven before the provider sign-in: its password stays its owner's.
    await passwordSignIn(user);
  });

  it('takes an account someone else registered with that email (never verified) away from them', async () => {
    // A stranger registers the owner's address with a password of their own and keeps a session.
    const stranger = { username: `squat${Date.now() % 1e6}`, email: `owner${Date.now() % 1e6}@example.test`, password: 'Str4ngerPass', firstName: 'S', lastName: 'Q' };
    await api().post('/api/v1/auth/register').send(stranger).expect(201);
    const strangerToken = await passwordSignIn(stranger);
    // The address's real owner signs in at the provider, then proves the mailbox with a magic link.
    const person = providerPerson(world.provider, { email: stranger.email });
    const { location, jar } = await signInWith(world, 'acme', person.sub);
    expect(location).toBe('/auth/login?sso_link=1');
    await api().post('/api/v1/auth/email/send-magic-link').send({ email: stranger.email }).expect(200);
    const magic = tokenFromMail(await world.server.mail.nextMail(stranger.email, 10_000, 'sign-in link'), '/auth/magic-link');
    const owner = (await api().post('/api/v1/auth/email/verify-magic-link').send({ token: magic }).expect(200)).body.data.token as string;
    await api().post(LINK).set(bearer(owner)).set(withCookie(jar.get(world.server.url, 'ar_sso_link'))).expect(200);
    // The stranger's password and session are gone; the owner's session and the provider sign-in work.
    await api().post('/api/v1/auth/login').send({ identifier: stranger.username, password: stranger.password }).expect(401);
    await api().get('/api/v1/auth/me').set(bearer(strangerToken)).expect(401);
    await api().get('/api/v1/auth/me').set(bearer(owner)).expect(200);
    expect(await identitiesOf(person.sub)).toHaveLength(1);
  });

  it('forgets a waiting link when asked, and an expired one by itself', async () => {
    const { user, cookie } = await pendingLink();
    const cancelled = await api().delete(LINK).set(withCookie(cookie)).expect(200);
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect((await api().get(LINK).set(withCookie(cookie)).expect(200)).body.data).toEqual({ link: null });
    const fresh = await passwordSignIn(user);
    expect((await api().post(LINK).set(bearer(fresh)).set(withCookie(cookie)).expect(403)).body.error).toBe(AUTH_ERRORS.ssoLinkExpired);
    await api().delete(LINK).expect(200);
  });
});
