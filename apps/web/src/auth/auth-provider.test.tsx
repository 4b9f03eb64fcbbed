import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, useT } from '../i18n';
import { emitSessionEvent } from '../api/session-events';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { useAuth, type AuthContextValue } from './auth-context';
import { AuthProvider } from './auth-provider';
import { authReducer, initialAuthState } from './auth-state';

/** Renders the real provider and hands the test a live view of its value. */
function renderAuth(queryClient = new QueryClient()) {
  const current: { value?: AuthContextValue } = {};
  function Probe() {
    current.value = useAuth();
    const a = current.value;
    return <p data-testid="state">{a.isLoading ? 'loading' : a.isAuthenticated ? `in:${a.user?.username}:${a.isEmailVerified}` : 'out'}</p>;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { auth: () => current.value!, state: () => screen.getByTestId('state').textContent };
}

describe('auth state at startup', () => {
  it('is unauthenticated at once when no token is stored, without calling the API', async () => {
    const api = stubApi({});
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('out'));
    expect(api.calls).toHaveLength(0);
  });

  it('checks a stored token with GET /auth/me and becomes authenticated', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    const api = stubApi({ 'GET /auth/me': ok({ user: makeUser({ isVerified: false }) }) });
    const view = renderAuth();
    expect(view.state()).toBe('loading');
    await waitFor(() => expect(view.state()).toBe('in:ada:false'));
    expect(view.auth().token).toBe('tok');
    expect(api.calls[0]!.authorization).toBe('Bearer tok');
  });

  it('removes a token the server rejects and becomes unauthenticated', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'stale');
    stubApi({ 'GET /auth/me': fail(401, 'Authentication required', 'UNAUTHENTICATED') });
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('out'));
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('auth state at startup, without an answer', () => {
  it('keeps the stored token when /auth/me gets no answer (offline, or the page left mid-request)', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    stubApi({ 'GET /auth/me': { networkError: true } });
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('out'));
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('tok');
  });
});

describe('auth transitions', () => {
  it('login stores the token and takes isEmailVerified from the user', async () => {
    stubApi({ 'POST /auth/login': ok({ user: makeUser({ isVerified: false }), token: 'fresh' }) });
    const view = renderAuth();
    await act(() => view.auth().login('ada', 'Passw0rdOk'));
    expect(view.state()).toBe('in:ada:false');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('register sets the user but no token and does not authenticate', async () => {
    stubApi({ 'POST /auth/register': ok({ user: makeUser({ isVerified: false }) }, 201) });
    const view = renderAuth();
    await act(() => view.auth().register({ username: 'ada', email: 'ada@example.test', password: 'Passw0rdOk', firstName: '', lastName: '' }));
    expect(view.auth()).toMatchObject({ isAuthenticated: false, isEmailVerified: false, token: null, user: { username: 'ada' } });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('magic-link verification stores the token and authenticates', async () => {
    stubApi({ 'POST /auth/email/verify-magic-link': ok({ user: makeUser(), token: 'magic' }) });
    const view = renderAuth();
    await act(() => view.auth().verifyMagicLink('t0k3n'));
    expect(view.state()).toBe('in:ada:true');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('magic');
  });

  it('magic-link verification links a provider sign-in waiting in this browser', async () => {
    const link = { provider: { id: 'google', name: 'Google' }, email: 'ada@example.test' };
    const api = stubApi({
      'POST /auth/email/verify-magic-link': ok({ user: makeUser(), token: 'magic' }),
      'GET /auth/sso/link': ok({ link }),
      'POST /auth/sso/link': ok({ linked: link }),
    });
    const view = renderAuth();
    await act(() => view.auth().verifyMagicLink('t0k3n'));
    expect(api.callsTo('POST /auth/sso/link')).toHaveLength(1);
    expect(api.callsTo('POST /auth/sso/link')[0]!.authorization).toBe('Bearer magic');
  });

  it('logout clears user, token and storage even when the call fails', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    const api = stubApi({ 'GET /auth/me': ok({ user: makeUser() }), 'POST /auth/logout': { networkError: true } });
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('in:ada:true'));
    await act(() => view.auth().logout());
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(view.auth()).toMatchObject({ isAuthenticated: false, user: null, token: null });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a second end of the session (a late refresh after Sign out) leaves the sign-in page its data', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    stubApi({ 'GET /auth/me': ok({ user: makeUser() }), 'POST /auth/logout': ok({ loggedOut: true }) });
    const queryClient = new QueryClient();
    const view = renderAuth(queryClient);
    await waitFor(() => expect(view.state()).toBe('in:ada:true'));
    await act(() => view.auth().logout());
    queryClient.setQueryData(['sign-in-options'], { providers: [{ id: 'acme', name: 'Acme' }], passwordSignIn: true });
    act(() => emitSessionEvent({ type: 'ended' }));
    expect(view.state()).toBe('out');
    expect(queryClient.getQueryData(['sign-in-options'])).toMatchObject({ providers: [{ id: 'acme' }] });
  });

  it('a token refresh updates the user and the verified flag', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    stubApi({
      'GET /auth/me': ok({ user: makeUser({ isVerified: false }) }),
      'POST /auth/refresh': ok({ user: makeUser({ isVerified: true }), token: 'tok2' }),
    });
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('in:ada:false'));
    await act(() => view.auth().refresh());
    expect(view.state()).toBe('in:ada:true');
    expect(view.auth().token).toBe('tok2');
  });

  it('resending verification without a session asks the user to log in', async () => {
    stubApi({});
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('out'));
    await expect(view.auth().resendVerification()).rejects.toThrow('Please log in to resend verification email');
  });
});

describe('authReducer', () => {
  it('email verification sets the user and verified, but never swaps another signed-in user', () => {
    const signedOut = authReducer(initialAuthState, { type: 'signedOut' });
    const verified = authReducer(signedOut, { type: 'emailVerified', user: makeUser() });
    expect(verified).toMatchObject({ isEmailVerified: true, isAuthenticated: false, user: { username: 'ada' } });

    const bob = makeUser({ id: 'other', username: 'bob', isVerified: false });
    const signedInAsBob = authReducer(initialAuthState, { type: 'signedIn', user: bob, token: 't' });
    expect(authReducer(signedInAsBob, { type: 'emailVerified', user: makeUser() })).toBe(signedInAsBob);
  });
});

describe("the account's language", () => {
  afterEach(() => act(() => applyLanguage('en')));

  function Greeting() {
    const { t } = useT();
    return <p>{t('Sign In')}</p>;
  }

  it('switches the app to the language the account chose once the user is known', async () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    stubApi({ 'GET /auth/me': ok({ user: makeUser({ locale: 'de' }) }) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Greeting />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Sign In')).toBeInTheDocument();
    expect(await screen.findByText('Anmelden')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it("keeps this device's choice for an account without a language", async () => {
    await act(() => applyLanguage('ar'));
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
    stubApi({ 'GET /auth/me': ok({ user: makeUser({ locale: null }) }) });
    const view = renderAuth();
    await waitFor(() => expect(view.state()).toBe('in:ada:true'));
    expect(document.documentElement.lang).toBe('ar');
  });
});
