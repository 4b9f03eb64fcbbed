import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fullPageLoad } from '../../lib/full-page-load';
import { fakeAuth, renderPage } from '../../test/render';
import { MagicLinkPage } from './magic-link-page';

vi.mock('../../lib/full-page-load', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/full-page-load')>()),
  fullPageLoad: vi.fn(),
}));

beforeEach(() => vi.mocked(fullPageLoad).mockReset());

describe('MagicLinkPage', () => {
  it("says 'Welcome Back!' and loads '/' after 2 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const auth = fakeAuth();
    renderPage(<MagicLinkPage />, { path: '/auth/magic-link?token=m4g1c', auth });
    expect(screen.getByRole('heading', { name: 'Signing you in...' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(auth.verifyMagicLink).toHaveBeenCalledTimes(1);
    expect(auth.verifyMagicLink).toHaveBeenCalledWith('m4g1c');
    expect(screen.getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1980));
    expect(fullPageLoad).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(fullPageLoad).toHaveBeenCalledWith('/');
  });

  it("shows 'Login Failed' with links to sign in and home", async () => {
    const auth = fakeAuth({
      verifyMagicLink: vi.fn(async () =>
        Promise.reject(new ApiError('Magic link has expired. Please request a new one.', 400, 'LINK_EXPIRED')),
      ),
    });
    renderPage(<MagicLinkPage />, { path: '/auth/magic-link?token=old', auth });
    expect(await screen.findByRole('heading', { name: 'Login Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Magic link has expired. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Sign In with Password' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('fails at once without a token', () => {
    const auth = fakeAuth();
    renderPage(<MagicLinkPage />, { path: '/auth/magic-link', auth });
    expect(screen.getByRole('alert')).toHaveTextContent('No magic link token provided');
    expect(auth.verifyMagicLink).not.toHaveBeenCalled();
  });
});
