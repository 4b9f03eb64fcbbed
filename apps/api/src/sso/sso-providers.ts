import * as client from 'openid-client';
import type { AppConfig, SsoProviderConfig } from '../config';

/** A configured provider and, once discovered, its OpenID configuration (endpoints, keys). */
export interface SsoProviders {
  list(): SsoProviderConfig[];
  find(id: string): SsoProviderConfig | undefined;
  /** The provider's discovered configuration; throws when it cannot be reached (tried again next time). */
  configuration(provider: SsoProviderConfig): Promise<client.Configuration>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * openid-client refuses plain http, rightly. A provider on this machine (the tests' and e2e's
 * certified provider, a developer's local Keycloak) speaks http, and nothing between here and it can
 * read the traffic; so http is allowed for loopback issuers, and never in production.
 */
const allowsHttp = (config: AppConfig, issuer: URL) => config.env !== 'production' && LOOPBACK_HOSTS.has(issuer.hostname);

/**
 * The providers of `OIDC_PROVIDERS`, each discovered once per server and kept; a failed discovery is
 * not kept, so the next sign-in tries again. Nothing to close: it holds no connection.
 */
export function createSsoProviders(config: AppConfig): SsoProviders {
  const byId = new Map(config.sso.providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<client.Configuration>>();
  const discover = (provider: SsoProviderConfig) => {
    const issuer = new URL(provider.issuer);
    const options: client.DiscoveryRequestOptions = { timeout: 10 };
    if (allowsHttp(config, issuer)) options.execute = [client.allowInsecureRequests];
    // Basic: the client authentication every authorization server must support (RFC 6749 §2.3.1).
    return client.discovery(issuer, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), options);
  };
  return {
    list: () => [...byId.values()],
    find: (id) => byId.get(id),
    configuration(provider) {
      let pending = discovered.get(provider.id);
      if (!pending) {
        pending = discover(provider);
        discovered.set(provider.id, pending);
        pending.catch(() => discovered.delete(provider.id));
      }
      return pending;
    },
  };
}
