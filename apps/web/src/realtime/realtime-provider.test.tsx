import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UserBadge } from '../shell/user-badge';
import { onSessionEvent } from '../api/session-events';
import { tokenStorage } from '../api/token-storage';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { RealtimeProvider } from './realtime-provider';

/** The client library's side of a socket: connect and disconnect say so to the listeners, as socket.io-client does. */
class ClientSocket extends FakeSocket {
  connected = false;
  connect() {
    this.connected = true;
    this.serverSends('connect');
  }
  disconnect() {
    this.connected = false;
    this.serverSends('disconnect', 'io client disconnect');
  }
}

const sockets = vi.hoisted(() => ({ created: [] as unknown[] }));
vi.mock('./socket-client', () => ({
  createAppSocket: async () => {
    const socket = new ClientSocket();
    sockets.created.push(socket);
    return socket;
  },
}));

const me = makeUser();

function renderSignedIn(more: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /users/me': ok({ profile: { id: me.id, username: me.username, email: me.email, profile: me.profile, agent: me.agent } }), ...more });
  renderPage(
    <RealtimeProvider>
      <UserBadge />
    </RealtimeProvider>,
    { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { badge: within(screen.getByTestId('user-badge')), api };
}

describe('the app-wide socket follows the browser’s network', () => {
  it('closes when the browser goes offline and opens again when it is back', async () => {
    const { badge } = renderSignedIn();
    await badge.findByRole('img', { name: 'Online' });
    const socket = sockets.created.at(-1) as ClientSocket;

    window.dispatchEvent(new Event('offline'));
    await badge.findByRole('img', { name: 'Offline' });
    expect(socket.connected).toBe(false);

    window.dispatchEvent(new Event('online'));
    await badge.findByRole('img', { name: 'Online' });
    expect(socket.connected).toBe(true);
    expect(sockets.created).toHaveLength(1);
  });
});

describe('a socket the server closes', () => {
  it('ends the session here when the server says it was signed out (a password change elsewhere)', async () => {
    tokenStorage.set('tok');
    const { badge, api } = renderSignedIn({ 'POST /auth/refresh': fail(401, 'Your session has expired. Please sign in again.', 'TOKEN_EXPIRED') });
    await badge.findByRole('img', { name: 'Online' });
    const ended = new Promise<string>((resolve) => onSessionEvent((event) => resolve(event.type)));
    const socket = sockets.created.at(-1) as ClientSocket;
    socket.connected = false;
    socket.serverSends('disconnect', 'io server disconnect');
    expect(await ended).toBe('ended');
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(socket.connected).toBe(false);
  });

  it('connects again when the session still lives (the node was shutting down)', async () => {
    tokenStorage.set('tok');
    const { badge, api } = renderSignedIn({ 'POST /auth/refresh': ok({ user: me, token: 'tok2' }) });
    await badge.findByRole('img', { name: 'Online' });
    const socket = sockets.created.at(-1) as ClientSocket;
    socket.connected = false;
    socket.serverSends('disconnect', 'io server disconnect');
    await waitFor(() => expect(socket.connected).toBe(true));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(badge.getByRole('img', { name: 'Online' })).toBeInTheDocument();
  });

  it('asks nothing when this browser signed itself out (the server closes the socket of the session it ended)', async () => {
    tokenStorage.set('tok');
    const { badge, api } = renderSignedIn();
    await badge.findByRole('img', { name: 'Online' });
    const events: string[] = [];
    onSessionEvent((event) => events.push(event.type));
    const socket = sockets.created.at(-1) as ClientSocket;
    tokenStorage.remove();
    socket.connected = false;
    socket.serverSends('disconnect', 'io server disconnect');
    await badge.findByRole('img', { name: 'Offline' });
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
    expect(events).toEqual([]);
    expect(socket.connected).toBe(false);
  });
});
