import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { ok, stubApi } from '../../test/api-stub';
import { fakeAuth, renderPage } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const password = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmation = () => screen.getByLabelText('Confirm new password', { selector: 'input' });

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    stubApi({ 'POST /auth/email/check-reset-link': ok({ status: 'valid' }) });
  });

  it("says 'Invalid Reset Link' as soon as it opens a used or unknown link, before any typing", async () => {
    const api = stubApi({ 'POST /auth/email/check-reset-link': ok({ status: 'invalid' }) });
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password?token=used', auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /auth/email/check-reset-link')[0]?.body).toEqual({ token: 'used' });
  });

  it('says an expired link has expired, at once', async () => {
    stubApi({ 'POST /auth/email/check-reset-link': ok({ status: 'expired' }) });
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password?token=old', auth: fakeAuth() });
    expect(await screen.findByText('Reset link has expired. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it("shows 'Invalid Reset Link' without a token, with a way to ask for a new one", () => {
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password', auth: fakeAuth() });
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth/login');
  });

  it('validates match, length and complexity in that order', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password?token=t', auth });
    const submit = () => user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await user.type(password(), 'short');
    await user.type(confirmation(), 'other');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');

    await user.clear(confirmation());
    await user.type(confirmation(), 'short');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');

    await user.clear(password());
    await user.clear(confirmation());
    await user.type(password(), 'nouppercase1');
    await user.type(confirmation(), 'nouppercase1');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must contain at least one lowercase letter, one uppercase letter, and one number',
    );
    expect(auth.resetPassword).not.toHaveBeenCalled();
  });

  it('offers a new link when the server says the link is used up', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({
      resetPassword: vi.fn(async () =>
        Promise.reject(new ApiError('Invalid reset link. Please request a new password reset.', 400, 'TOKEN_INVALID')),
      ),
    });
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password?token=used', auth });
    await user.type(password(), 'NewPassw0rd');
    await user.type(confirmation(), 'NewPassw0rd');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset link. Please request a new password reset.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it('shows success, then goes to sign in after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const auth = fakeAuth();
    renderPage(<ResetPasswordPage />, { path: '/auth/reset-password?token=tok', auth });
    fireEvent.change(password(), { target: { value: 'NewPassw0rd' } });
    fireEvent.change(confirmation(), { target: { value: 'NewPassw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(auth.resetPassword).toHaveBeenCalledWith('tok', 'NewPassw0rd');
    expect(screen.getByRole('heading', { name: 'Password Reset Successful' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2980));
    expect(screen.queryByText('Login screen')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByText('Login screen')).toBeInTheDocument();
  });
});
