import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_STORAGE_KEY, SSO_ERROR_CODES } from '@agentroom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullPageLoad } from '../../lib/full-page-load';
import { fail, ok, stubApi } from '../../test/api-stub';
import { makeUser } from '../../test/fixtures';
import { fakeAuth, renderPage } from '../../test/render';
import { toast } from '../../ui/toast';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

vi.mock('../../lib/full-page-load', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/full-page-load')>()),
  fullPageLoad: vi.fn(),
}));
vi.mock('../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), message: vi.fn() } }));

beforeEach(() => {
  vi.mocked(fullPageLoad).mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});
afterEach(() => sessionStorage.clear());

const google = { id: 'google', name: 'Google' };
const options = (passwordSignIn: boolean) => ok({ providers: [google, { id: 'acme-okta', name: 'Acme Okta' }], passwordSignIn });
const passwordInput = () => screen.queryByLabelText('Password', { selector: 'input' });

describe('signing in with a provider', () => {
  it("offers 'Continue with {name}' links to the API's start route, carrying where the user was going", async () => {
    stubApi({ 'GET /auth/sso/providers': options(true) });
    renderPage(<LoginPage />, { path: '/auth/login', auth: fakeAuth(), state: { from: '/t/demo?x=1' } });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/sso/google/start?next=%2Ft%2Fdemo%3Fx%3D1',
    );
    expect(screen.getByRole('link', { name: 'Continue with Acme Okta' })).toHaveAttribute('href', '/api/v1/auth/sso/acme-okta/start?next=%2Ft%2Fdemo%3Fx%3D1');
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(passwordInput()).toBeInTheDocument();
  });

  it('shows nothing extra when no provider is set up', async () => {
    const api = stubApi({ 'GET /auth/sso/providers': ok({ providers: [], passwordSignIn: true }) });
    renderPage(<LoginPage />, { path: '/auth/login', auth: fakeAuth() });
    await waitFor(() => expect(api.callsTo('GET /auth/sso/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(passwordInput()).toBeInTheDocument();
  });

  it('hides the password form when passwords are off, keeping the magic link', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /auth/sso/providers': options(false) });
    const auth = fakeAuth();
    renderPage(<LoginPage />, { path: '/auth/login', auth });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/v1/auth/sso/google/start');
    expect(passwordInput()).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Use magic link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or email'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(auth.sendMagicLink).toHaveBeenCalledWith('ada@example.test');
  });

  it('register page: sign-up goes through the company account when passwords are off', async () => {
    stubApi({ 'GET /auth/sso/providers': options(false) });
    renderPage(<RegisterPage />, { path: '/auth/register', auth: fakeAuth() });
    expect(await screen.findByText('Sign-up is through your company account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
});

describe('a provider sign-in that did not work (?sso_error=)', () => {
  const messages: Record<(typeof SSO_ERROR_CODES)[number], string> = {
    access_denied: 'Sign-in was cancelled at your provider.',
    state_mismatch: 'That sign-in link was already used or came from another browser. Please try again.',
    code_rejected: "Your provider's sign-in expired. Please try again.",
    provider_unavailable: 'Your sign-in provider could not be reached. Please try again in a moment.',
    email_not_verified: "Your provider has not verified your email address, so we can't sign you in with it.",
    email_missing: "Your provider did not share your email address, so we can't sign you in with it.",
    domain_not_allowed: "Accounts with this email domain can't sign in here.",
    unknown_provider: 'This sign-in provider is not available here.',
    sign_up_closed: 'There is no account with this email address, and new accounts need an invitation.',
  };

  it.each(SSO_ERROR_CODES.map((code) => [code, messages[code]]))('says what %s means, never the code', (code, message) => {
    stubApi({});
    renderPage(<LoginPage />, { path: `/auth/login?sso_error=${code}`, auth: fakeAuth() });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).not.toHaveTextContent(code);
  });

  it('gives a general message for a code it does not know', () => {
    stubApi({});
    renderPage(<LoginPage />, { path: '/auth/login?sso_error=weird_thing', auth: fakeAuth() });
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in with your provider did not work. Please try again.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('weird_thing');
  });
});

describe('linking a provider sign-in to an existing account (?sso_link=1)', () => {
  const link = { provider: google, email: 'ada@example.test' };
  const banner = 'An account with ada@example.test already exists. Sign in with its password or a magic link to link your Google sign-in.';

  async function signIn() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or email'), 'ada');
    await user.type(passwordInput()!, 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
  }

  it('explains the waiting link, links it after the password sign-in, and the next page says so', async () => {
    const api = stubApi({
      'GET /auth/sso/link': ok({ link }),
      'POST /auth/login': ok({ user: makeUser(), token: 'fresh' }),
      'POST /auth/sso/link': ok({ linked: link }),
    });
    const view = renderPage(<LoginPage />, { path: '/auth/login?sso_link=1' });
    expect(await screen.findByText(banner)).toBeInTheDocument();
    await signIn();
    expect(api.callsTo('POST /auth/sso/link')).toHaveLength(1);
    expect(api.callsTo('POST /auth/sso/link')[0]!.authorization).toBe('Bearer fresh');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('fresh');

    // The full page load starts the app again: the toast shows there, once.
    view.unmount();
    renderPage(<p>Home</p>, { path: '/' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your Google sign-in is linked.'));
    expect(sessionStorage.length).toBe(0);
  });

  it('shows the refusal of the link and stays signed in', async () => {
    stubApi({
      'GET /auth/sso/link': ok({ link }),
      'POST /auth/login': ok({ user: makeUser(), token: 'fresh' }),
      'POST /auth/sso/link': fail(403, 'This sign-in belongs to another account', 'FORBIDDEN'),
    });
    const view = renderPage(<LoginPage />, { path: '/auth/login?sso_link=1' });
    await screen.findByText(banner);
    await signIn();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('fresh');
    view.unmount();
    renderPage(<p>Home</p>, { path: '/' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This sign-in belongs to another account'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('signs in without linking when nothing waits', async () => {
    const api = stubApi({ 'GET /auth/sso/link': ok({ link: null }), 'POST /auth/login': ok({ user: makeUser(), token: 'fresh' }) });
    renderPage(<LoginPage />, { path: '/auth/login' });
    await signIn();
    expect(api.callsTo('GET /auth/sso/link')).toHaveLength(1);
    expect(api.callsTo('POST /auth/sso/link')).toHaveLength(0);
  });

  it('cancels the waiting link', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'GET /auth/sso/link': ok({ link }), 'DELETE /auth/sso/link': ok({ cancelled: true }) });
    renderPage(<LoginPage />, { path: '/auth/login?sso_link=1', auth: fakeAuth() });
    await screen.findByText(banner);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /auth/sso/link')).toHaveLength(1);
  });
});
