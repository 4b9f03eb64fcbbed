import { startMailCapture, startOidcProvider, tokenFromMail, type OidcTestAccount } from '@agentroom/testkit';
import { freePort, startBuiltServer } from './modelless-server';

const CLIENT = { client_id: 'agentroom-e2e', client_secret: 'e2e-client-secret-long-enough' };

/**
 * The stack for the "sign in with your company" journeys: the testkit's certified OpenID provider
 * ("Acme") with `accounts`, and a built API that trusts it, with its own database and SMTP capture.
 * The provider must know the API's callback before the API starts, and the API its issuer: so the
 * port is picked first. The shared server of the global setup stays without providers.
 */
export async function startSsoServer(accounts: OidcTestAccount[]) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mail = await startMailCapture();
  const provider = await startOidcProvider({
    accounts,
    clients: [{ ...CLIENT, redirect_uris: [`${baseUrl}/api/v1/auth/sso/acme/callback`] }],
  });
  const server = await startBuiltServer({
    name: 'server-sso',
    port,
    env: {
      SMTP_URL: mail.url,
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_MAIL_MAX: '1000',
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'acme', name: 'Acme', issuer: provider.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret },
      ]),
    },
  }).catch(async (error: unknown) => {
    await Promise.all([provider.close(), mail.close()]);
    throw error;
  });

  /** A JSON call to this server's API, for the people a journey is not about signing up. */
  async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; data: T; error?: unknown };
    if (!envelope.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  }

  /** An account with a password and a verified email, registered through the API. */
  async function registerVerified(user: { username: string; email: string; password: string; firstName: string; lastName: string }) {
    await api('/auth/register', user);
    const token = tokenFromMail(await mail.nextMail(user.email, 15_000, 'Verify your email'), '/auth/verify-email');
    await api('/auth/email/verify-email', { token });
  }

  return {
    baseUrl,
    api,
    registerVerified,
    stop: async () => {
      await server.stop();
      await Promise.all([provider.close(), mail.close()]);
    },
  };
}
