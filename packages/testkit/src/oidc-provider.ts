import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID Connect provider for tests and e2e: panva's `oidc-provider` (OpenID certified) on
 * 127.0.0.1, authorization code flow with PKCE required, signed ID tokens, userinfo. Its login and
 * consent pages are plain HTML forms (a `login` field and a "Sign in" button; "Allow" and "Deny"),
 * so a browser journey fills them like a person, and `signInAtProvider` walks them with fetch.
 * Scope claims (email, name) are given at userinfo, not in the ID token, as the spec's default.
 */

export interface OidcTestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
}

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestProvider {
  /** The issuer URL to configure (http://127.0.0.1:port). */
  issuer: string;
  /** People who may sign in; add more at any time. */
  accounts: OidcTestAccount[];
  close(): Promise<void>;
}

interface Interaction {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}
interface GrantLike {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface ProviderLike {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission: boolean }): Promise<void>;
  Grant: { new (input: { accountId?: string; clientId: unknown }): GrantLike; find(id: string): Promise<GrantLike | undefined> };
}

/** oidc-provider's storage, per provider (its built-in one is shared by the process and warns). */
function memoryAdapter() {
  const store = new Map<string, Record<string, unknown>>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    upsert(id: string, payload: Record<string, unknown>) {
      store.set(this.key(id), payload);
      if (typeof payload.uid === 'string') store.set(`uid:${payload.uid}`, { id });
      if (typeof payload.grantId === 'string') store.set(`grant:${payload.grantId}:${this.key(id)}`, {});
      return Promise.resolve();
    }
    find(id: string) {
      return Promise.resolve(store.get(this.key(id)));
    }
    findByUid(uid: string) {
      const ref = store.get(`uid:${uid}`);
      return Promise.resolve(ref ? store.get(this.key(String(ref.id))) : undefined);
    }
    findByUserCode() {
      return Promise.resolve(undefined);
    }
    consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string) {
      store.delete(this.key(id));
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string) {
      const prefix = `grant:${grantId}:`;
      for (const key of [...store.keys()])
        if (key.startsWith(prefix)) {
          store.delete(key.slice(prefix.length));
          store.delete(key);
        }
      return Promise.resolve();
    }
  };
}

type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => unknown;
let providerClass: Promise<ProviderClass> | undefined;
/**
 * oidc-provider warns once, on import, that it prefers Node 22; it runs on 20 (its tests' matrix
 * did until 9.x). That one line is not let through: the API's tests fail on any console warning.
 */
function loadProvider() {
  providerClass ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!String(args[0]).includes('oidc-provider WARNING: Unsupported runtime')) warn(...args);
    };
    try {
      // @ts-expect-error -- the package ships no types; ProviderLike below says what this file uses of it.
      const loaded = (await import('oidc-provider')) as { default: ProviderClass };
      return loaded.default;
    } finally {
      console.warn = warn;
    }
  })();
  return providerClass;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

function loginPage(uid: string, error?: string) {
  return page(
    'Sign in to the test provider',
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}<form method="post" action="/interaction/${uid}">
<input type="hidden" name="prompt" value="login">
<label>Email or subject <input name="login" autocomplete="username" autofocus></label>
<button type="submit">Sign in</button></form>`,
  );
}

function consentPage(uid: string, clientId: string) {
  return page(
    'Allow access?',
    `<p>${escapeHtml(clientId)} asks for your email address and name.</p><form method="post" action="/interaction/${uid}">
<input type="hidden" name="prompt" value="consent">
<button type="submit" name="decision" value="accept">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
  );
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interaction(provider: ProviderLike, accounts: OidcTestAccount[], req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const send = (html: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  if (req.method === 'GET') return send(details.prompt.name === 'login' ? loginPage(details.uid) : consentPage(details.uid, String(details.params.client_id)));
  const form = await formOf(req);
  if (details.prompt.name === 'login') {
    const login = form.get('login')?.trim() ?? '';
    const account = accounts.find((a) => a.sub === login || a.email === login);
    if (!account) return send(loginPage(details.uid, 'No such account at the test provider.'));
    return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }
  if (form.get('decision') !== 'accept')
    return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person denied access' }, { mergeWithLastSubmission: false });
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id }))
    : new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

export async function startOidcProvider(options: { accounts?: OidcTestAccount[]; clients: OidcTestClient[]; port?: number }): Promise<OidcTestProvider> {
  const accounts = [...(options.accounts ?? [])];
  const Provider = await loadProvider();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: options.clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'preferred_username'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.find((a) => a.sub === sub);
      return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  }) as ProviderLike;
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    interaction(provider, accounts, req, res).catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
