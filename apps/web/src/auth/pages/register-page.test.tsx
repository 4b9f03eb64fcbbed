import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { makeUser } from '../../test/fixtures';
import { fakeAuth, renderPage } from '../../test/render';
import { RegisterPage } from './register-page';

async function fill(values: Partial<Record<'First name' | 'Username' | 'Email' | 'Password' | 'Confirm password', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

const alertText = () => screen.getByRole('alert').textContent;

describe('RegisterPage validation', () => {
  it('checks the rules in the order the form lists them and names the first broken one', async () => {
    const auth = fakeAuth();
    renderPage(<RegisterPage />, { path: '/auth/register', auth });
    const base = { Username: 'ada', Email: 'ada@example.test' };

    await fill({ ...base, Password: 'short', 'Confirm password': 'other' });
    expect(alertText()).toBe('Passwords do not match');
    expect(screen.getByLabelText('Confirm password', { selector: 'input' })).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');

    await fill({ ...base, Password: 'short', 'Confirm password': 'short' });
    expect(alertText()).toBe('Password must be at least 8 characters long');

    await fill({ ...base, Password: 'alllowercase1', 'Confirm password': 'alllowercase1' });
    expect(alertText()).toBe('Password must contain at least one lowercase letter, one uppercase letter, and one number');

    await fill({ Username: 'ada lovelace', Email: 'ada@example.test', Password: 'Passw0rdOk', 'Confirm password': 'Passw0rdOk' });
    expect(alertText()).toBe('Username can only contain letters, numbers, underscores, and hyphens');
    expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveFocus();

    expect(auth.register).not.toHaveBeenCalled();
  });

  it('requires username, email, password and confirmation but not the names', async () => {
    renderPage(<RegisterPage />, { path: '/auth/register', auth: fakeAuth() });
    await fill({ Password: 'Passw0rdOk', 'Confirm password': 'Passw0rdOk' });
    expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveAccessibleDescription(/Username is required/);
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText(/^First name/, { selector: 'input' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('RegisterPage submit', () => {
  it('shows server field errors next to the field', async () => {
    const auth = fakeAuth({
      register: async () => {
        throw new ApiError('Username is already taken', 409, 'CONFLICT', { username: 'Username is already taken' });
      },
    });
    renderPage(<RegisterPage />, { path: '/auth/register', auth });
    await fill({ Username: 'demo', Email: 'new@example.test', Password: 'Passw0rdOk', 'Confirm password': 'Passw0rdOk' });
    await waitFor(() => expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveAccessibleDescription(/Username is already taken/));
    expect(alertText()).toBe('Username is already taken');
  });

  it('sends the cleaned values and shows the success screen with both actions', async () => {
    const auth = fakeAuth({ register: async (input) => makeUser({ username: input.username, email: input.email }) });
    renderPage(<RegisterPage />, { path: '/auth/register', auth });
    await fill({ 'First name': 'Ada', Username: 'ada_l', Email: ' Ada@Example.TEST ', Password: 'Passw0rdOk', 'Confirm password': 'Passw0rdOk' });
    const heading = await screen.findByRole('heading', { name: 'Registration Successful!' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth/login');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Register Another Account' }));
    expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveValue('');
  });
});
