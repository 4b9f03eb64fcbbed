import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, agents, ssoIdentities, ssoTickets } from '../../src/db/schema';
import { sha256 } from '../../src/auth/tokens';
import { signUpVerified } from '../support/test-server';
import { bearer } from '../teams/team-helpers';
import { CLIENT_SECRET, fragmentOf, providerPerson, signInWith, startSsoWorld, type SsoWorld } from './sso-fixtures';

let world: SsoWorld;
beforeAll(async () => {
  world = await startSsoWorld();
});
afterAll(async () => {
  await world?.stop();
});

const exchange = (ticket: unknown) => world.server.api().post('/api/v1/auth/sso/exchange').send({ ticket });

describe('signing in with a provider', () => {
  it('lists the providers for the sign-in page, and that passwords still work', async () => {
    const res = await world.server.api().get('/api/v1/auth/sso/providers').expect(200);
    expect(res.body.data).toEqual({
      providers: [
        { id: 'acme', name: 'Acme' },
        { id: 'corp', name: 'Corp' },
        { id: 'down', name: 'Down' },
      ],
      passwordSignIn: true,
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce, their secrets only in an httpOnly cookie', async () => {
    const res = await fetch(`${world.server.url}/api/v1/auth/sso/acme/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.origin).toBe(world.provider.issuer);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      client_id: 'agentroom-acme',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: 'http://agentroom.test/api/v1/auth/sso/acme/callback',
      code_challenge_method: 'S256',
    });
    expect(params.state && params.nonce && params.code_challenge).toBeTruthy();
    const [cookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^ar_sso_flow=[^;]+; Max-Age=600; Path=\/api\/v1\/auth\/sso; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    // The verifier is in the cookie, signed; what the provider sees is only its challenge.
    expect(authorize.href).not.toContain(cookie.split(';')[0]!.split('=')[1]!);
  });

  it('creates the account of a new person, verified, and the ticket signs them in once', async () => {
    const person = providerPerson(world.provider, { given_name: 'Maya', family_name: 'Lind' });
    const { location } = await signInWith(world, 'acme', person.sub, { next: '/t/demo' });
    const { path, ticket, next } = fragmentOf(location);
    expect(path).toBe('/auth/sso');
    expect(next).toBe('/t/demo');
    expect(ticket.length).toBeGreaterThan(30);

    const signedIn = await exchange(ticket).expect(200);
    const { user, token } = signedIn.body.data;
    expect(user).toMatchObject({ email: person.email, firstName: 'Maya', lastName: 'Lind', isVerified: true, username: person.email!.split('@')[0] });
    const me = await world.server.api().get('/api/v1/auth/me').set(bearer(token)).expect(200);
    expect(me.body.data.user.id).toBe(user.id);
    const identities = await world.server.api().get('/api/v1/users/me/sso').set(bearer(token)).expect(200);
    expect(identities.body.data.identities).toEqual([
      { provider: { id: 'acme', name: 'Acme' }, email: person.email, createdAt: expect.any(String), lastSignInAt: expect.any(String) },
    ]);

    const again = await exchange(ticket).expect(400);
    expect(again.body).toMatchObject({ code: 'TOKEN_INVALID', error: 'This link is invalid or has already been used.' });
    // Only the ticket's hash is kept.
    const [row] = await world.server.ctx.db.select().from(ssoTickets).where(eq(ssoTickets.tokenHash, sha256(ticket)));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it('signs the same person in again through their identity, without a second account', async () => {
    const person = providerPerson(world.provider);
    const first = await exchange(fragmentOf((await signInWith(world, 'acme', person.sub)).location).ticket).expect(200);
    person.email = person.email!.replace('@', '.new@');
    const second = await exchange(fragmentOf((await signInWith(world, 'acme', person.sub)).location).ticket).expect(200);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    const rows = await world.server.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, person.sub));
    expect(rows).toHaveLength(1);
    // The provider's email of today is remembered with the identity.
    expect(rows[0]!.email).toBe(person.email);
  });

  it('derives a free username when the email’s name is taken', async () => {
    const taken = await signUpVerified(world.server, 'taken');
    const person = providerPerson(world.provider, { email: `${taken.username}@elsewhere.test` });
    const { body } = await exchange(fragmentOf((await signInWith(world, 'acme', person.sub)).location).ticket).expect(200);
    expect(body.data.user.username).toBe(`${taken.username}2`);
  });

  it('refuses a ticket past its minute, and one that was never issued', async () => {
    const person = providerPerson(world.provider);
    const { ticket } = fragmentOf((await signInWith(world, 'acme', person.sub)).location);
    await world.server.ctx.db.update(ssoTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(ssoTickets.tokenHash, sha256(ticket)));
    await exchange(ticket).expect(400);
    await exchange('not-a-ticket-we-issued').expect(400);
  });

  it('answers bad input on the exchange with a 4xx', async () => {
    for (const ticket of ['', 'a\u0000b', 'x'.repeat(5000), 42, null, ['a'], { a: 1 }]) {
      const res = await exchange(ticket);
      expect(res.status, JSON.stringify(ticket).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const huge = await world.server.api().post('/api/v1/auth/sso/exchange').set('content-type', 'application/json').send(`{"ticket":"${'y'.repeat(200_000)}"}`);
    expect(huge.status).toBe(413);
    await world.server.api().post('/api/v1/auth/sso/exchange').send({ ticket: 'abc', extra: true }).expect(400);
  });

  it('never shows the client secret, the provider’s tokens or the ticket in a response or a log line', async () => {
    const person = providerPerson(world.provider);
    const { location } = await signInWith(world, 'acme', person.sub);
    const { ticket } = fragmentOf(location);
    const signedIn = await exchange(ticket).expect(200);
    const options = await world.server.api().get('/api/v1/auth/sso/providers').expect(200);
    const document = await world.server.api().get('/api/v1/openapi.json').expect(200);
    for (const text of [JSON.stringify(signedIn.body), JSON.stringify(options.body), JSON.stringify(document.body), location]) expect(text).not.toContain(CLIENT_SECRET);
    const logs = world.logLines.join('\n');
    expect(logs).toContain('/api/v1/auth/sso/acme/callback');
    expect(logs).not.toContain(CLIENT_SECRET);
    expect(logs).not.toContain(ticket);
    expect(logs).not.toContain(person.email);
    // The account exists once, made from the claims.
    const [account] = await world.server.ctx.db.select().from(accounts).innerJoin(agents, eq(agents.id, accounts.agentId)).where(eq(accounts.email, person.email!));
    expect(account?.accounts.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
