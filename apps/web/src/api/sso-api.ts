import { AUTH_ERRORS } from '@agentroom/shared';
import { fillPath, routes } from '@agentroom/shared/routes';
import { API_PREFIX } from './api-base-url';
import { call } from './call-route';

/** Signing in through a company's provider (decision 0027): the sign-in page's choices, the ticket, the waiting link. */
export const ssoApi = {
  signInOptions: () => call(routes.getSignInOptions),

  /** Trades the callback's one-time ticket for a session, like a password login. */
  exchangeTicket: (ticket: string) => call(routes.exchangeSsoTicket, { body: { ticket }, fallback: AUTH_ERRORS.loginFailed }),

  /** The provider sign-in waiting in this browser to be linked to an existing account, or null. */
  pendingLink: () => call(routes.getSsoLink).then((data) => data.link),
  confirmLink: () => call(routes.confirmSsoLink).then((data) => data.linked),
  cancelLink: () => call(routes.cancelSsoLink),
};

/**
 * Where a "Continue with …" button leads: the API's start route, which sends the whole page on to the
 * provider (a navigation, not a fetch: the provider's pages must show in the tab).
 */
export function ssoStartUrl(provider: string, next?: string): string {
  return `${API_PREFIX}${fillPath(routes.startSso.path, { provider })}${next ? `?next=${encodeURIComponent(next)}` : ''}`;
}
