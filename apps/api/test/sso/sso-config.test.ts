import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const SECRET = 'the-client-secret-value';
const base = { NODE_ENV: 'test', DATA_DIR: 'memory://', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long' };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });
const provider = { id: 'acme', name: 'Acme', issuer: 'https://login.acme.test', clientId: 'agentroom', clientSecret: SECRET };

/** What start-up makes of the SSO settings; a mistake stops it with what is wrong, never the secret. */
describe('single sign-on settings', () => {
  it('reads the providers, the global email domains and the password switch', () => {
    const config = load({ OIDC_PROVIDERS: JSON.stringify([{ ...provider, emailDomains: ['Acme.test'] }]), SSO_EMAIL_DOMAINS: 'acme.test, Other.test', PASSWORD_SIGN_IN: 'false' });
    expect(config.sso).toEqual({ providers: [{ ...provider, emailDomains: ['acme.test'] }], emailDomains: ['acme.test', 'other.test'] });
    expect(config.passwordSignIn).toBe(false);
    expect(load({}).sso.providers).toEqual([]);
    expect(load({}).passwordSignIn).toBe(true);
  });

  it('refuses what it cannot use, naming the problem and never the secret', () => {
    const problem = (value: string) => {
      try {
        load({ OIDC_PROVIDERS: value });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(problem(`[{"id":"acme","clientSecret":"${SECRET}"`)).toMatch(/OIDC_PROVIDERS must be a JSON array.*not valid JSON/);
    expect(problem(JSON.stringify([{ ...provider, id: 'Not An Id' }]))).toMatch(/OIDC_PROVIDERS\.0\.id/);
    expect(problem(JSON.stringify([{ ...provider, issuer: 'ftp://x' }]))).toMatch(/OIDC_PROVIDERS\.0\.issuer/);
    expect(problem(JSON.stringify([provider, provider]))).toMatch(/two providers share an id/);
    expect(problem(JSON.stringify({ provider }))).toMatch(/OIDC_PROVIDERS/);
    for (const value of [`[{"id":"acme","clientSecret":"${SECRET}"`, JSON.stringify([{ ...provider, clientId: '' }])]) expect(problem(value)).not.toContain(SECRET);
    expect(() => load({ PASSWORD_SIGN_IN: 'no' })).toThrow(/PASSWORD_SIGN_IN/);
  });
});
