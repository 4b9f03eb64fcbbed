import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n';
import { stubApi } from '../../test/api-stub';
import { fakeAuth, renderPage } from '../../test/render';
import { LoginPage } from '../pages/login-page';

afterEach(() => act(() => applyLanguage('en')));

describe('the language menu under the sign-in card', () => {
  it('shows the page in Arabic, right to left, when picked, and remembers the choice on this device', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/auth/login', auth: fakeAuth() });
    const menu = screen.getByRole('navigation', { name: 'Language' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول إلى Agentroom' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem('agentroom.language')).toBe('ar');
    expect(menu).toHaveAccessibleName('اللغة');
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
  });
});
