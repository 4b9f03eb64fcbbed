import type { RequestHandler } from 'express';
import { ZFinishSsoQuery, ZSsoProviderParams, ZStartSsoQuery, type TSsoErrorCode } from '@agentroom/shared';
import type { AppContext } from '../context';
import { ANSWERED, defineHandlers } from '../http/route-handler';
import { cancelLink, confirmLink, identitiesOf, waitingLink } from './sso-link';
import { createSsoProviders, type SsoProviders } from './sso-providers';
import { exchangeTicket, finishSignIn, signInPageWith, SsoFailure, startSignIn } from './sso-service';

/**
 * Single sign-on through OpenID Connect (decision 0027). Start and callback are pages the browser
 * follows, so they answer with redirects only: whatever goes wrong lands on the sign-in page with
 * `?sso_error=<code>`, never as JSON, a 500 or a blank page.
 */
export const ssoRoutes = (ctx: AppContext, providers: SsoProviders = createSsoProviders(ctx.config)) => {
  const failed = (providerId: string, error: unknown) => {
    const failure = error instanceof SsoFailure ? error : undefined;
    const code: TSsoErrorCode = failure?.code ?? 'provider_unavailable';
    if (failure) ctx.logger.warn({ provider: providerId, code, ...failure.detail }, 'provider sign-in did not finish');
    // Not the provider's doing (its errors are SsoFailures by now): ours, logged whole (the logger's serializers keep query values out).
    else ctx.logger.error({ err: error, provider: providerId, code }, 'provider sign-in failed');
    return signInPageWith(`sso_error=${code}`);
  };
  /** A provider id or query a browser could not have been sent (mistyped, tampered): the sign-in page says so before any parse answers JSON. */
  const pageOnBadInput =
    (query: typeof ZStartSsoQuery | typeof ZFinishSsoQuery, code: TSsoErrorCode): RequestHandler =>
    (req, res, next) => {
      if (!ZSsoProviderParams.safeParse(req.params).success) return res.redirect(302, signInPageWith('sso_error=unknown_provider'));
      if (!query.safeParse(req.query).success) return res.redirect(302, signInPageWith(`sso_error=${code}`));
      next();
    };
  return defineHandlers({
    getSignInOptions: () => ({ providers: providers.list().map(({ id, name }) => ({ id, name })), passwordSignIn: ctx.config.passwordSignIn }),
    startSso: {
      before: [pageOnBadInput(ZStartSsoQuery, 'unknown_provider')],
      handle: async ({ params, query, res }) => {
        const location = await startSignIn(ctx, providers, params.provider, query.next, res).catch((error: unknown) => failed(params.provider, error));
        res.redirect(302, location);
        return ANSWERED;
      },
    },
    finishSso: {
      before: [pageOnBadInput(ZFinishSsoQuery, 'state_mismatch')],
      handle: async ({ params, query, req, res }) => {
        const location = await finishSignIn(ctx, providers, params.provider, query, req, res).catch((error: unknown) => failed(params.provider, error));
        res.redirect(302, location);
        return ANSWERED;
      },
    },
    exchangeSsoTicket: ({ body, req }) => exchangeTicket(ctx, body.ticket, req.get('user-agent')),
    getSsoLink: ({ req }) => waitingLink(ctx, providers, req),
    confirmSsoLink: ({ auth, req, res }) => confirmLink(ctx, providers, auth, req, res),
    cancelSsoLink: ({ req, res }) => cancelLink(ctx, req, res),
    listSsoIdentities: ({ auth }) => identitiesOf(ctx, providers, auth.accountId),
  });
};
