import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { makeUser } from '../../test/fixtures';
import { fakeAuth, renderPage } from '../../test/render';
import { VerifyEmailPage } from './verify-email-page';

const expired = () => new ApiError('Verification link has expired. Please request a new one.', 400, 'LINK_EXPIRED');

describe('VerifyEmailPage', () => {
  it('verifies the token once (even under StrictMode) and links a signed-out user to sign in', async () => {
    const auth = fakeAuth();
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=abc', auth, strict: true });
    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(auth.verifyEmail).toHaveBeenCalledTimes(1);
    expect(auth.verifyEmail).toHaveBeenCalledWith('abc');
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', '/auth/login');
  });

  it('links a signed-in user to the dashboard', async () => {
    const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' });
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=abc', auth });
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it("shows 'Link Expired' and 'Sign In to Resend' when signed out", async () => {
    const auth = fakeAuth({ verifyEmail: vi.fn(async () => Promise.reject(expired())) });
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=old', auth });
    expect(await screen.findByRole('heading', { name: 'Link Expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Verification link has expired. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Sign In to Resend' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it('says the address is verified already when the link was used before, with the way in', async () => {
    const used = new ApiError('This email address is already verified. You can sign in.', 400, 'TOKEN_INVALID');
    const auth = fakeAuth({ verifyEmail: vi.fn(async () => Promise.reject(used)) });
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=used', auth });
    expect(await screen.findByRole('heading', { name: 'Email Already Verified' })).toBeInTheDocument();
    expect(screen.getByText('This email address is already verified. You can sign in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute('href', '/auth/login');
  });

  it('says a newer link replaced this one', async () => {
    const replaced = new ApiError('A newer verification link was sent. Please use the link in the latest email.', 400, 'TOKEN_INVALID');
    const auth = fakeAuth({ verifyEmail: vi.fn(async () => Promise.reject(replaced)) });
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=old', auth });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('A newer verification link was sent. Please use the link in the latest email.');
  });

  it("shows 'Verification Failed' without a token and never calls the API", () => {
    const auth = fakeAuth();
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email', auth });
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token provided');
    expect(auth.verifyEmail).not.toHaveBeenCalled();
  });

  it("lets a signed-in user resend, then counts down 'Resend in {n}s' for 60 s", async () => {
    const auth = fakeAuth({
      isAuthenticated: true,
      user: makeUser({ isVerified: false }),
      token: 't',
      verifyEmail: vi.fn(async () => Promise.reject(new ApiError('This link is invalid or has already been used.', 400, 'TOKEN_INVALID'))),
    });
    renderPage(<VerifyEmailPage />, { path: '/auth/verify-email?token=used', auth });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    });
    expect(auth.resendVerification).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 59s' })).toBeDisabled();
    for (let i = 0; i < 58; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });
});
