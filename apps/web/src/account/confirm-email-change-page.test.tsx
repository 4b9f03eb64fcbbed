import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PAGE_TEXTS, ACCOUNT_TEXTS, AUTH_ERRORS } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { ConfirmEmailChangePage } from './confirm-email-change-page';

describe('the email change link', () => {
  it('posts its token once and shows the new address; a signed-in tab refreshes its user', async () => {
    const changed = makeUser({ email: 'new@example.test' });
    const api = stubApi({ 'POST /auth/email/confirm-change': ok({ user: changed }) });
    const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' });
    renderPage(<ConfirmEmailChangePage />, { path: '/auth/confirm-email-change?token=tok', auth });
    expect(await screen.findByRole('heading', { name: ACCOUNT_PAGE_TEXTS.emailConfirmedTitle })).toBeInTheDocument();
    expect(screen.getByText('new@example.test')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/email/confirm-change').map((c) => c.body)).toEqual([{ token: 'tok' }]);
    expect(auth.refresh).toHaveBeenCalled();
  });

  it('says why a link does not work: taken meanwhile, or used', async () => {
    stubApi({ 'POST /auth/email/confirm-change': fail(409, AUTH_ERRORS.emailTaken, 'CONFLICT') });
    renderPage(<ConfirmEmailChangePage />, { path: '/auth/confirm-email-change?token=tok', auth: fakeAuth() });
    expect(await screen.findByText(AUTH_ERRORS.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ACCOUNT_PAGE_TEXTS.emailChangeFailedTitle })).toBeInTheDocument();
  });

  it('without a token, says the link is invalid', () => {
    stubApi({});
    renderPage(<ConfirmEmailChangePage />, { path: '/auth/confirm-email-change', auth: fakeAuth() });
    expect(screen.getByText(ACCOUNT_TEXTS.emailChangeLinkInvalid)).toBeInTheDocument();
  });
});
