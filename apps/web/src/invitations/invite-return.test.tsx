import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../auth/pages/login-page';
import { MagicLinkPage } from '../auth/pages/magic-link-page';
import { RegisterPage } from '../auth/pages/register-page';
import { VerifyEmailPage } from '../auth/pages/verify-email-page';
import { fullPageLoad } from '../lib/full-page-load';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { InvitePage } from './invite-page';

vi.mock('../lib/full-page-load', () => ({ fullPageLoad: vi.fn() }));

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const INVITE = `/invite?token=${TOKEN}`;
const NEXT = encodeURIComponent(INVITE);

const routes = [
  { path: '/invite', element: <InvitePage /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/register', element: <RegisterPage /> },
  { path: '/auth/verify-email', element: <VerifyEmailPage /> },
  { path: '/auth/magic-link', element: <MagicLinkPage /> },
  { path: '/', element: <p>Home screen</p> },
];

async function fillRegistration() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username', { selector: 'input' }), 'grace');
  await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'grace@example.test');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Passw0rdOk');
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'Passw0rdOk');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('an invitation survives registering and signing in', () => {
  it('invite → register (the mail will carry the way back) → sign in → back on the invitation', async () => {
    stubApi({ [`GET /invitations/${TOKEN}`]: ok({ status: 'valid', team: { name: 'Demo Team', handle: 'demo' } }) });
    const auth = fakeAuth({ register: vi.fn(async () => makeUser({ username: 'grace', email: 'grace@example.test' })) });
    renderRoutes(routes, { path: INVITE, auth });

    await userEvent.click(await screen.findByRole('link', { name: 'Register to join' }));
    await fillRegistration();
    // The API is told where the verification link should lead back to.
    expect(auth.register).toHaveBeenCalledWith(expect.objectContaining({ username: 'grace', next: INVITE }));

    await userEvent.click(await screen.findByRole('link', { name: 'Go to Sign In' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or email', { selector: 'input' }), 'grace');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Passw0rdOk');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith(INVITE));
  });

  it('the verification link, opened while signed in, leads back to the invitation', async () => {
    stubApi({});
    const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: false, user: makeUser({ isVerified: false }), token: 't' });
    renderRoutes(routes, { path: `/auth/verify-email?token=vt_123&next=${NEXT}`, auth });
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(auth.verifyEmail).toHaveBeenCalledWith('vt_123');
    expect(screen.getByRole('link', { name: 'Back to the invitation' })).toHaveAttribute('href', INVITE);
  });

  it('the verification link, opened signed out (another browser), signs in and then returns', async () => {
    stubApi({});
    renderRoutes(routes, { path: `/auth/verify-email?token=vt_123&next=${NEXT}`, auth: fakeAuth() });
    expect(await screen.findByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', `/auth/login?next=${NEXT}`);
  });

  it('a sign-in link asked for from the invitation returns there too', async () => {
    stubApi({});
    const auth = fakeAuth();
    renderRoutes(routes, { path: `/auth/login?next=${NEXT}`, auth });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Use magic link'));
    await user.type(screen.getByLabelText('Username or email', { selector: 'input' }), 'grace');
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(auth.sendMagicLink).toHaveBeenCalledWith('grace', INVITE);
  });

  it.each(['https://evil.example/phish', '//evil.example', '/\\evil.example', '/auth/login', 'javascript:alert(1)'])(
    'ignores a return path that leaves the app: %s',
    async (next) => {
      stubApi({});
      renderRoutes(routes, { path: `/auth/login?next=${encodeURIComponent(next)}`, auth: fakeAuth() });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Username or email', { selector: 'input' }), 'grace');
      await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Passw0rdOk');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await vi.waitFor(() => expect(fullPageLoad).toHaveBeenLastCalledWith('/'));
      expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
    },
  );
});
