import { z } from 'zod';
import { safeString } from './text';

/**
 * Single sign-on through OpenID Connect (decision 0027): request schemas. The browser walks the
 * provider's pages itself (`GET /auth/sso/:provider/start` → the provider → `…/callback`); the SPA then
 * trades the callback's one-time ticket for a session, or proves it owns an account to link it.
 */

/** A provider's id as `OIDC_PROVIDERS` names it: lower-case letters, digits and hyphens. */
export const SSO_PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const ZSsoProviderParams = z.object({
  provider: z.string().regex(SSO_PROVIDER_ID_PATTERN, { error: 'Unknown sign-in provider' }),
});

/** `next`: a path of this app to land on after signing in (anything else is ignored). */
export const ZStartSsoQuery = z.object({ next: z.string().max(512).optional() });
export type TStartSsoQuery = z.output<typeof ZStartSsoQuery>;

/** What the provider sends back: a code and our state, or an error it names (RFC 6749 §4.1.2.1). */
export const ZFinishSsoQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});
export type TFinishSsoQuery = z.output<typeof ZFinishSsoQuery>;

export const ZExchangeSsoTicketRequest = z.strictObject({
  ticket: safeString({ error: 'Sign-in ticket is required' }).min(1, { error: 'Sign-in ticket is required' }).max(256),
});
export type TExchangeSsoTicketRequest = z.input<typeof ZExchangeSsoTicketRequest>;

/**
 * Why a provider's sign-in did not end in a session; the sign-in page says so (`?sso_error=`).
 * `link` is not an error: an account with that email exists and waits to be proven first.
 */
export const SSO_ERROR_CODES = [
  'access_denied',
  'state_mismatch',
  'code_rejected',
  'provider_unavailable',
  'email_not_verified',
  'email_missing',
  'domain_not_allowed',
  'unknown_provider',
  'sign_up_closed',
] as const;
export type TSsoErrorCode = (typeof SSO_ERROR_CODES)[number];
