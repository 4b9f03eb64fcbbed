import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fullPageLoad } from '../lib/full-page-load';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeam } from '../test/team-fixtures';
import { InvitePage } from './invite-page';

vi.mock('../lib/full-page-load', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/full-page-load')>()),
  fullPageLoad: vi.fn(),
}));

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const path = `/invite?token=${TOKEN}`;
const validLink = ok({ status: 'valid', team: { name: 'Demo Team', handle: 'demo' } });

describe('invite page', () => {
  it('offers sign in and register to a visitor, and spends nothing by opening', async () => {
    const api = stubApi({ [`GET /invitations/${TOKEN}`]: validLink });
    renderPage(<InvitePage />, { path, auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Join Demo Team' })).toBeInTheDocument();
    // Both come back here to join (see invite-return.test.tsx for the whole way round).
    const back = encodeURIComponent(path);
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute('href', `/auth/login?next=${back}`);
    expect(screen.getByRole('link', { name: 'Register to join' })).toHaveAttribute('href', `/auth/register?next=${back}`);
    expect(api.callsTo('POST /invitations/accept')).toHaveLength(0);
  });

  it('joins a signed-in user with the button and opens the team', async () => {
    const api = stubApi({
      [`GET /invitations/${TOKEN}`]: validLink,
      'POST /invitations/accept': ok({ team: makeTeam({ handle: 'demo' }), joined: true }),
    });
    renderPage(<InvitePage />, { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/t/demo'));
    expect(api.callsTo('POST /invitations/accept')[0]!.body).toEqual({ token: TOKEN });
  });

  it('says when a link has expired or is not valid', async () => {
    stubApi({ [`GET /invitations/${TOKEN}`]: ok({ status: 'expired', team: { name: 'Demo Team', handle: 'demo' } }) });
    const expired = renderPage(<InvitePage />, { path, auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Invitation expired' })).toBeInTheDocument();
    expired.unmount();

    stubApi({ [`GET /invitations/${TOKEN}`]: ok({ status: 'invalid', team: null }) });
    renderPage(<InvitePage />, { path, auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Invitation not valid' })).toBeInTheDocument();
  });

  it('gives a signed-in user a way back to their workspace from a used link', async () => {
    stubApi({ [`GET /invitations/${TOKEN}`]: ok({ status: 'used', team: { name: 'Demo Team', handle: 'demo' } }) });
    renderPage(<InvitePage />, { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' }) });
    expect(await screen.findByRole('heading', { name: 'Invitation already used' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my teams' })).toHaveAttribute('href', '/');
  });

  it('shows the server message when joining fails (team full)', async () => {
    stubApi({
      [`GET /invitations/${TOKEN}`]: validLink,
      'POST /invitations/accept': fail(409, 'This team is full', 'CONFLICT'),
    });
    renderPage(<InvitePage />, { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Join team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This team is full');
  });
});
