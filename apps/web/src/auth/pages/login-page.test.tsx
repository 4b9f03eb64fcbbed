import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fullPageLoad } from '../../lib/full-page-load';
import { fakeAuth, renderPage } from '../../test/render';
import { LoginPage } from './login-page';

vi.mock('../../lib/full-page-load', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/full-page-load')>()),
  fullPageLoad: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageLoad).mockReset());

const identifierInput = () => screen.getByLabelText('Username or email');
const passwordInput = () => screen.queryByLabelText('Password', { selector: 'input' });

describe('LoginPage', () => {
  it("switches to magic-link mode: no password, 'Send Magic Link', then a sent screen with 'Back to login'", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderPage(<LoginPage />, { path: '/auth/login', auth });
    expect(passwordInput()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');

    await user.click(screen.getByRole('switch', { name: 'Use magic link' }));
    expect(passwordInput()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(auth.sendMagicLink).not.toHaveBeenCalled();

    await user.type(identifierInput(), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(auth.sendMagicLink).toHaveBeenCalledWith('ada@example.test');

    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(passwordInput()).toBeInTheDocument();
  });

  it('signs in and loads the page the user came from', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderPage(<LoginPage />, { path: '/auth/login', auth, state: { from: '/t/demo?x=1' } });
    await user.type(identifierInput(), 'demo');
    await user.type(passwordInput()!, 'Agentroom1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/t/demo?x=1'));
    expect(auth.login).toHaveBeenCalledWith('demo', 'Agentroom1');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it("goes to '/' by default and never to another origin", async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/auth/login', auth: fakeAuth(), state: { from: '//evil.example/x' } });
    await user.type(identifierInput(), 'demo');
    await user.type(passwordInput()!, 'Agentroom1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
  });

  it('shows the server message and lets the user try again', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      login: vi.fn(async () => {
        throw new ApiError('Invalid username/email or password', 401, 'INVALID_CREDENTIALS');
      }),
    });
    renderPage(<LoginPage />, { path: '/auth/login', auth });
    await user.type(identifierInput(), 'demo');
    await user.type(passwordInput()!, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username/email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(fullPageLoad).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/auth/login', auth: fakeAuth() });
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });
});
