import { screen, waitFor } from '@testing-library/react';
import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../test/api-stub';
import { makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { SsoPage } from './sso-page';

/** The address the API's callback sends the browser to. */
const arriveAt = (fragment: string) => window.history.replaceState(null, '', `/auth/sso${fragment}`);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('SsoPage (/auth/sso#ticket=…)', () => {
  it('trades the ticket for a session, takes it off the address bar, stores the token and lands on next', async () => {
    arriveAt('#ticket=t1ck3t&next=%2Ft%2Fdemo');
    const api = stubApi({
      'POST /auth/sso/exchange': (call) =>
        (call.body as { ticket?: string }).ticket === 't1ck3t' ? ok({ user: makeUser(), token: 'sso-token' }) : fail(400, 'Invalid ticket', 'TOKEN_INVALID'),
    });
    const view = renderPage(<SsoPage />, { path: '/auth/sso', strict: true });
    expect(screen.getByRole('heading', { name: 'Signing you in…' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/t/demo'));
    expect(await screen.findByText('Other screen')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sso/exchange')).toHaveLength(1);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe('sso-token');
  });

  it('goes home when next is not a path of this app', async () => {
    arriveAt('#ticket=t1ck3t&next=https%3A%2F%2Fevil.example%2F');
    stubApi({ 'POST /auth/sso/exchange': ok({ user: makeUser(), token: 'sso-token' }) });
    const view = renderPage(<SsoPage />, { path: '/auth/sso' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('sends a refused ticket to the sign-in page with its message, storing nothing', async () => {
    arriveAt('#ticket=used');
    stubApi({ 'POST /auth/sso/exchange': fail(400, 'This sign-in link is invalid or has already been used.', 'TOKEN_INVALID') });
    const view = renderPage(<SsoPage />, { path: '/auth/sso' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/auth/login'));
    expect(view.router.state.location.search).toBe('?sso_error=code_rejected');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends an address without a ticket to the sign-in page without calling the API', async () => {
    arriveAt('');
    const api = stubApi({});
    const view = renderPage(<SsoPage />, { path: '/auth/sso' });
    await waitFor(() => expect(view.router.state.location.search).toBe('?sso_error=code_rejected'));
    expect(api.callsTo('POST /auth/sso/exchange')).toHaveLength(0);
  });
});
