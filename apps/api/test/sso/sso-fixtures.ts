import { Writable } from 'node:stream';
import { pino } from 'pino';
import { signInAtProvider, startOidcProvider, type OidcTestAccount, type OidcTestProvider, type SignInAtProviderOptions } from '@agentroom/testkit';
import { startTestServer, type TestServer } from '../support/test-server';

/** The client secret every test provider client has: no response or log line may ever show it. */
export const CLIENT_SECRET = 'client-secret-that-must-never-leave-the-server';
const APP_URL = 'http://agentroom.test';
const callbackOf = (id: string) => `${APP_URL}/api/v1/auth/sso/${id}/callback`;

export interface SsoWorld {
  server: TestServer;
  provider: OidcTestProvider;
  /** Every log line the server wrote (debug and up), as JSON text. */
  logLines: string[];
  stop(): Promise<void>;
}

let people = 0;
/** A person at the provider with a fresh sub and email (the domain decides where they may sign in). */
export function providerPerson(provider: OidcTestProvider, overrides: Partial<OidcTestAccount> = {}, domain = 'example.test'): OidcTestAccount {
  people += 1;
  const local = `sso${people}${Math.random().toString(36).slice(2, 7)}`;
  const person: OidcTestAccount = { sub: `sub-${local}`, email: `${local}@${domain}`, email_verified: true, given_name: 'Sam', family_name: 'Provider', ...overrides };
  provider.accounts.push(person);
  return person;
}

/**
 * A real provider and the real server configured with it: `acme` (any domain), `corp` (only
 * corp.test, same provider, its own client) and `down` (an issuer nobody answers at).
 */
export async function startSsoWorld(env: Record<string, string> = {}): Promise<SsoWorld> {
  const provider = await startOidcProvider({
    clients: ['acme', 'corp'].map((id) => ({ client_id: `agentroom-${id}`, client_secret: CLIENT_SECRET, redirect_uris: [callbackOf(id)] })),
  });
  const providers = [
    { id: 'acme', name: 'Acme', issuer: provider.issuer, clientId: 'agentroom-acme', clientSecret: CLIENT_SECRET },
    { id: 'corp', name: 'Corp', issuer: provider.issuer, clientId: 'agentroom-corp', clientSecret: CLIENT_SECRET, emailDomains: ['corp.test'] },
    { id: 'down', name: 'Down', issuer: 'http://127.0.0.1:1', clientId: 'agentroom-down', clientSecret: CLIENT_SECRET },
  ];
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startTestServer({ APP_URL, OIDC_PROVIDERS: JSON.stringify(providers), ...env }, undefined, { logger: pino({ level: 'debug' }, stream) });
  return {
    server,
    provider,
    logLines,
    stop: async () => {
      await server.stop();
      await provider.close();
    },
  };
}

/** Signs in at the provider from the app's start URL, as a browser would; the app's last redirect. */
export function signInWith(world: SsoWorld, providerId: string, login: string, options: Partial<SignInAtProviderOptions> & { next?: string } = {}) {
  const next = options.next ? `?next=${encodeURIComponent(options.next)}` : '';
  return signInAtProvider(`${world.server.url}/api/v1/auth/sso/${providerId}/start${next}`, { appUrl: APP_URL, ...options, login });
}

/** The `ticket` (and `next`) of `/auth/sso#ticket=…&next=…`. */
export function fragmentOf(location: string) {
  const [path, fragment = ''] = location.split('#');
  const values = new URLSearchParams(fragment);
  return { path, ticket: values.get('ticket') ?? '', next: values.get('next') ?? undefined };
}

export const ssoErrorOf = (location: string) => new URL(location, APP_URL).searchParams.get('sso_error');
