import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderPage } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  it("keeps submit disabled while blank, then confirms with 'Check Your Email'", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password', auth });
    const submit = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '   ');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(auth.sendPasswordReset).toHaveBeenCalledWith('ada@example.test');
    expect(screen.getByText("If an account with ada@example.test exists, we've sent a password reset link.")).toBeInTheDocument();
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('explains a malformed address instead of sending it', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderPage(<ForgotPasswordPage />, { path: '/auth/forgot-password', auth });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(auth.sendPasswordReset).not.toHaveBeenCalled();
  });
});
