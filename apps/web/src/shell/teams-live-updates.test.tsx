import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { conversationPage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { RealtimeContext } from '../realtime/realtime-context';
import { makeRoom } from '../test/team-rooms-fixtures';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { toast } from '../ui/toast';
import AppShell from './app-shell';
import HomePage from './home-page';
import { isOnTeam } from './use-teams-live-updates';

vi.mock('../ui/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn(), message: vi.fn() } }));

const demo = makeTeam({ id: '0193a0c4-0000-7000-8000-0000000000d1', name: 'Demo Team', handle: 'demo' });
const other = makeTeam({ id: '0193a0c4-0000-7000-8000-0000000000d2', name: 'Night Shift', handle: 'night' });
const general = makeRoom('general', '0193a0c4-0000-7000-8000-0000000000e1');

function renderShell(path: string) {
  const api = stubApi({
    // Before the event I am in both teams; after it, only in the other one.
    'GET /teams': [ok({ teams: [demo, other] }), ok({ teams: [other] })],
    'GET /teams/night/invitations': ok({ invitations: [] }),
    'GET /teams/demo': ok({ team: demo }),
    'GET /teams/night': ok({ team: other }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'member' })] }),
    'GET /teams/night/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' })] }),
    'GET /teams/demo/rooms': ok({ rooms: [general] }),
    'GET /teams/night/rooms': ok({ rooms: [] }),
    'GET /chat/conversations?page=1&limit=100': ok(conversationPage([])),
    'GET /deleted-teams': ok({ teams: [] }),
  });
  const socket = new FakeSocket();
  const view = renderRoutes(
    [
      {
        element: (
          <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
            <AppShell />
          </RealtimeContext.Provider>
        ),
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/t/:handle', element: <p>Team page</p> },
          { path: '/t/:handle/r/:room', element: <p>Room page</p> },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api, socket };
}

describe('teams:changed, live', () => {
  it('tells a removed person "You were removed from {team}", refetches their teams and rooms, and moves them off its room', async () => {
    const { api, socket, router } = renderShell('/t/demo/r/general');
    expect(await screen.findByText('Room page')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /teams')).toHaveLength(1));
    const roomFetches = api.callsTo('GET /teams/demo/rooms').length;

    act(() => socket.serverSends('teams:changed', { teamId: demo.id, handle: 'demo', name: 'Demo Team', change: 'removed' }));

    expect(toast.info).toHaveBeenCalledWith('You were removed from Demo Team');
    // Home sends me on to the team I am still in, never back to the one I lost.
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/night'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(api.callsTo('GET /teams')).toHaveLength(2));
    expect(api.callsTo('GET /teams/demo/rooms').length + api.callsTo('GET /teams/night/rooms').length).toBeGreaterThan(roomFetches);
  });

  it('leaves someone on another team where they are, and says nothing for a restore', async () => {
    vi.mocked(toast.info).mockClear();
    const { socket, router } = renderShell('/t/night');
    expect(await screen.findByText('Team page')).toBeInTheDocument();
    act(() => socket.serverSends('teams:changed', { teamId: demo.id, handle: 'demo', name: 'Demo Team', change: 'deleted' }));
    act(() => socket.serverSends('teams:changed', { teamId: demo.id, handle: 'demo', name: 'Demo Team', change: 'restored' }));
    expect(router.state.location.pathname).toBe('/t/night');
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('knows the pages of a team, whatever the case of the handle', () => {
    expect(isOnTeam('/t/Demo/r/general', 'demo')).toBe(true);
    expect(isOnTeam('/t/demo', 'demo')).toBe(true);
    expect(isOnTeam('/t/demolition', 'demo')).toBe(false);
    expect(isOnTeam('/p/@demo', 'demo')).toBe(false);
  });
});
