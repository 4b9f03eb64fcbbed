/**
 * Single sign-on through OpenID Connect (decision 0027), the authorization code flow with PKCE:
 *
 * 1. `GET /auth/sso/:provider/start` makes a PKCE verifier, a state and a nonce, keeps them in a
 *    signed httpOnly cookie of this browser (ten minutes, never in the database) and sends the
 *    browser to the provider's authorization page.
 * 2. The provider sends the browser back to `…/callback` with a code. The cookie is read and cleared,
 *    the state compared, the code traded for tokens (openid-client checks the PKCE verifier, the ID
 *    token's signature, issuer, audience and nonce). The email must be there, verified by the
 *    provider, and in an allowed domain. Then, in one transaction:
 *    - an identity of that provider and subject exists: its account signs in;
 *    - an account has that email: nothing is linked. A `link` ticket waits in an httpOnly cookie
 *      until the person proves they own the account (sso-link.ts);
 *    - neither: the account is created (email verified now, a username from the claims, a password
 *      nobody knows: "Forgot password" sets one) with its identity.
 *    Signing in answers with a one-minute, single-use ticket in the URL fragment (`/auth/sso#ticket=`),
 *    which never reaches a server log or a Referer; the SPA trades it for a session (`exchange`).
 * Every failure lands on the sign-in page as `?sso_error=<code>`; the provider's tokens, the client
 * secret and the claims stay on the server and out of the logs (only the email's domain is logged).
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import * as client from 'openid-client';
import { AUTH_ERRORS, isSafeNextPath, type TAuthResult, type TFinishSsoQuery, type TSsoErrorCode } from '@agentroom/shared';
import type { SsoProviderConfig } from '../config';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { startSession } from '../auth/auth-service';
import { hashPassword } from '../auth/passwords';
import { findAccountByIdentifier, findAccountWithAgent, insertPerson, updateAccount } from '../users/users-repo';
import { setFlowCookie, setLinkCookie, takeFlowCookie } from './sso-cookies';
import { domainAllowed, emailDomainOf, freeUsername, personFromClaims, type ProviderPerson } from './sso-people';
import type { SsoProviders } from './sso-providers';
import { findIdentity, insertIdentity, issueTicket, touchIdentity, useTicket } from './sso-repo';

const SIGN_IN_TICKET_TTL_MS = 60_000;
const LINK_TICKET_TTL_MS = 10 * 60_000;
const SCOPE = 'openid email profile';

/** Why a provider sign-in ended on the sign-in page; `detail` is for the log only. */
export class SsoFailure extends Error {
  constructor(
    readonly code: TSsoErrorCode,
    readonly detail?: Record<string, unknown>,
  ) {
    super(`sso ${code}`);
  }
}

export const signInPageWith = (query: string) => `/auth/login?${query}`;
const redirectUriOf = (ctx: AppContext, provider: SsoProviderConfig) => `${ctx.config.appUrl}/api/v1/auth/sso/${provider.id}/callback`;

function providerOf(providers: SsoProviders, id: string): SsoProviderConfig {
  const provider = providers.find(id);
  if (!provider) throw new SsoFailure('unknown_provider');
  return provider;
}

async function configurationOf(providers: SsoProviders, provider: SsoProviderConfig) {
  try {
    return await providers.configuration(provider);
  } catch (error) {
    throw new SsoFailure('provider_unavailable', { stage: 'discovery', reason: reasonOf(error) });
  }
}

/** Where the browser goes to sign in at the provider; the flow's secrets ride in its cookie. */
export async function startSignIn(ctx: AppContext, providers: SsoProviders, providerId: string, next: string | undefined, res: Response): Promise<string> {
  const provider = providerOf(providers, providerId);
  const configuration = await configurationOf(providers, provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(ctx, provider),
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  setFlowCookie(ctx, res, { provider: provider.id, codeVerifier, state, nonce, next: isSafeNextPath(next) ? next : undefined });
  return url.href;
}

/** A name and code of what went wrong, never a message that might quote a token. */
function reasonOf(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return `${error.error}`;
  if (error instanceof client.AuthorizationResponseError) return `${error.error}`;
  if (error instanceof client.ClientError) return `${error.code ?? error.name}`;
  return error instanceof Error ? error.name : typeof error;
}

/** Whether the provider could not be reached (or answered like a server that is down), rather than refusing the code. */
function unreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.ClientError) return error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
  return error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

/** The provider's redirect back: the code traded and checked, the person found, the way on decided. */
export async function finishSignIn(ctx: AppContext, providers: SsoProviders, providerId: string, query: TFinishSsoQuery, req: Request, res: Response): Promise<string> {
  const flow = takeFlowCookie(ctx, req, res);
  const provider = providerOf(providers, providerId);
  if (query.error) {
    const down = query.error === 'server_error' || query.error === 'temporarily_unavailable';
    throw new SsoFailure(down ? 'provider_unavailable' : 'access_denied', { providerError: query.error });
  }
  if (!flow || flow.provider !== provider.id || !query.state || query.state !== flow.state || !query.code)
    throw new SsoFailure('state_mismatch', { flow: flow ? 'present' : 'missing' });
  const configuration = await configurationOf(providers, provider);
  const callbackUrl = new URL(redirectUriOf(ctx, provider));
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') callbackUrl.searchParams.set(key, value);
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    // A provider may keep the scopes' claims for userinfo (OpenID Connect Core §5.4).
    if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
    }
  } catch (error) {
    throw new SsoFailure(unreachable(error) ? 'provider_unavailable' : 'code_rejected', { stage: 'token', reason: reasonOf(error) });
  }
  const person = personFromClaims(claims);
  if ('error' in person) throw new SsoFailure(person.error);
  if (!domainAllowed(ctx.config, provider, person.email)) throw new SsoFailure('domain_not_allowed', { domain: emailDomainOf(person.email) });

  const outcome = await signInOrWait(ctx, provider, person);
  if (outcome.kind === 'link') {
    setLinkCookie(ctx, res, outcome.token, LINK_TICKET_TTL_MS);
    return signInPageWith('sso_link=1');
  }
  const back = flow.next ? `&next=${encodeURIComponent(flow.next)}` : '';
  return `/auth/sso#ticket=${outcome.token}${back}`;
}

type Outcome = { kind: 'signed-in' | 'link'; token: string };

/** Two first sign-ins of one name racing: the loser tries again with the next free name. */
async function signInOrWait(ctx: AppContext, provider: SsoProviderConfig, person: ProviderPerson): Promise<Outcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(ctx.db, (tx) => decide(ctx, tx, provider, person));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

async function decide(ctx: AppContext, tx: DbOrTx, provider: SsoProviderConfig, person: ProviderPerson): Promise<Outcome> {
  const identity = { provider: provider.id, subject: person.subject, email: person.email };
  const known = await findIdentity(tx, provider.id, person.subject);
  if (known) {
    await touchIdentity(tx, known.id, person.email);
    return { kind: 'signed-in', token: await issueTicket(tx, 'sign_in', known.accountId, identity, SIGN_IN_TICKET_TTL_MS) };
  }
  const sameEmail = await findAccountByIdentifier(tx, person.email);
  // Never linked here: whoever controls the provider account must first prove they own this one.
  if (sameEmail) return { kind: 'link', token: await issueTicket(tx, 'link', sameEmail.account.id, identity, LINK_TICKET_TTL_MS) };
  const username = await freeUsername(tx, person);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), ctx.config);
  const created = await insertPerson(tx, { username, firstName: person.firstName, lastName: person.lastName }, { email: person.email, passwordHash });
  await updateAccount(tx, created.account.id, { emailVerifiedAt: new Date() });
  await insertIdentity(tx, created.account.id, identity, true);
  return { kind: 'signed-in', token: await issueTicket(tx, 'sign_in', created.account.id, identity, SIGN_IN_TICKET_TTL_MS) };
}

/** The callback's ticket, once, for a session: the same answer a password sign-in gives. */
export async function exchangeTicket(ctx: AppContext, ticket: string, userAgent?: string): Promise<TAuthResult> {
  return inTransaction(ctx.db, async (tx) => {
    const used = await useTicket(tx, ticket, 'sign_in');
    const row = used ? await findAccountWithAgent(tx, used.accountId) : undefined;
    if (!row) throw new AppError(400, 'TOKEN_INVALID', AUTH_ERRORS.invalidToken);
    return startSession(ctx, row, userAgent, tx);
  });
}
