import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_STORAGE_KEY } from '@agentroom/shared';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { makeChat, messagePage } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { renderRoutes } from '../test/render';
import { appRoutes as routes } from './routes';

const signedInAs = (user = makeUser()) => {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'tok');
  return ok({ user });
};

describe('protected routes', () => {
  it('send a signed-out visitor to sign in, carrying where they were going', async () => {
    stubApi({});
    const { router } = renderRoutes(routes, { path: '/t/demo' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Agentroom' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toEqual({ from: '/t/demo' });
    expect(document.title).toBe('Agentroom (beta) — Sign In');
  });

  it("show 'Email Verification Required' to an unverified user, who can sign out", async () => {
    const api = stubApi({
      'GET /auth/me': signedInAs(makeUser({ isVerified: false, email: 'ada@example.test' })),
      'POST /auth/logout': ok({ loggedOut: true }),
    });
    renderRoutes(routes, { path: '/p/@maya' });
    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.test')).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Agentroom' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('let a verified user in', async () => {
    stubApi({ 'GET /auth/me': signedInAs() });
    const { router } = renderRoutes(routes, { path: '/t/demo' });
    // Whatever the team page shows, it is shown, inside the app shell: no sign-in, no verification screen.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Workspace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/demo');
    expect(screen.queryByRole('heading', { name: /Sign in|Email Verification Required/ })).not.toBeInTheDocument();
  });
});

describe("'/'", () => {
  it("goes to the user's first team", async () => {
    stubApi({
      'GET /auth/me': signedInAs(),
      'GET /teams': ok({ teams: [{ id: '1', name: 'Demo Team', handle: 'demo' }, { id: '2', name: 'B', handle: 'b' }] }),
    });
    const { router } = renderRoutes(routes, { path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo'));
  });

  it('welcomes a user who is in no team yet, with a way to create one (first run)', async () => {
    stubApi({ 'GET /auth/me': signedInAs(), 'GET /teams': ok({ teams: [] }), 'GET /invitations': ok({ invitations: [] }) });
    const { router } = renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Agentroom, Ada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(document.title).toBe('Agentroom (beta) — Welcome');
  });

  it('offers to try again when the team list cannot be read', async () => {
    stubApi({ 'GET /auth/me': signedInAs(), 'GET /teams': [fail(500, 'Server error', 'INTERNAL'), ok({ teams: [{ id: '1', name: 'Demo Team', handle: 'demo' }] })] });
    const { router } = renderRoutes(routes, { path: '/' });
    const page = await screen.findByRole('main');
    await userEvent.setup().click(await within(page).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo'));
  });
});

describe('sign-in pages', () => {
  it('send someone already signed in to the app', async () => {
    stubApi({ 'GET /auth/me': signedInAs(), 'GET /teams': ok({ teams: [] }) });
    const { router } = renderRoutes(routes, { path: '/auth/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Create a team' })).toBeInTheDocument();
  });
});

describe('a cold load of a chat URL', () => {
  it("starts the chat's one data call with the URL, beside /auth/me, and the page shows its answer", async () => {
    const me = makeUser();
    const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen' });
    const conversation = makeChat(me, maya, { lastSeq: 0 });
    // A token shaped like the server's (its payload names the account); the stub checks nothing.
    const payload = btoa(JSON.stringify({ sub: me.id })).replace(/=+$/, '');
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, `e30.${payload}.sig`);
    const api = stubApi({
      'GET /auth/me': ok({ user: me }),
      'POST /chat/open': ok({ agent: maya, conversation, page: messagePage([]) }),
    });
    renderRoutes(routes, { path: '/p/maya' });
    expect(await screen.findByPlaceholderText('Type a message...')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Chat' })).getByRole('heading', { name: 'Maya Chen' })).toBeInTheDocument();
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /chat/open')).toBeLessThan(order.indexOf('GET /auth/me'));
    expect(api.callsTo('POST /chat/open')).toHaveLength(1);
    expect(order.filter((call) => /\/agents\/|\/start$|\/messages/.test(call))).toEqual([]);
  });
});
