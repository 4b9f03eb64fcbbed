import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { conversationPage, makeMessage, me, withLast } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { RealtimeContext } from '../realtime/realtime-context';
import { makeRoom, makeRoomConversation } from '../test/team-rooms-fixtures';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import AppShell from './app-shell';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', fullName: 'Nova', isHuman: false });
const team = makeTeam();

const general = makeRoom('general', '0193a0c4-0000-7000-8000-0000000000e1', { memberCount: 3 });
const launch = makeRoom('launch-plan', '0193a0c4-0000-7000-8000-0000000000e2', { topic: 'Ship it', unreadCount: 2, isPrivate: true });
const random = makeRoom('random', '0193a0c4-0000-7000-8000-0000000000e3', { isMember: false, topic: 'Anything goes', memberCount: 5 });
const ROOMS = 'GET /teams/demo/rooms';
const INBOX = 'GET /chat/conversations?page=1&limit=100';

function renderShell(path: string, api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /teams': ok({ teams: [team] }),
    'GET /teams/demo': ok({ team }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' }), maya, nova] }),
    ...api,
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
          { path: '/t/:handle', element: <p>Team page</p> },
          { path: '/t/:handle/r/:room', element: <p>Room page</p> },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api: calls, socket };
}

const roomsRegion = () => screen.getByRole('region', { name: 'Rooms' });
const roomRow = (name: string) => within(roomsRegion()).getByRole('link', { name: new RegExp(`^# ${name}\\b`) });

describe('sidebar rooms', () => {
  it("lists the current team's rooms I am in as # name with unread and mention badges, the open one current; 1:1 conversations stay apart", async () => {
    const launchConversation = makeRoomConversation(launch, [maya, nova], { unreadCount: 2, unreadMentions: 1 });
    renderShell('/t/demo/r/launch-plan', {
      [ROOMS]: ok({ rooms: [general, launch, random] }),
      [INBOX]: ok(conversationPage([launchConversation, makeRoomConversation(general, [maya])])),
    });

    await waitFor(() => expect(within(roomsRegion()).getAllByTestId('room')).toHaveLength(2));
    // Open rooms I am not in are under 'Browse rooms', not in the list.
    expect(within(roomsRegion()).queryByText('random')).not.toBeInTheDocument();
    expect(roomRow('general')).toHaveAttribute('href', '/t/demo/r/general');
    expect(roomRow('general')).not.toHaveAttribute('aria-current');
    const launchRow = roomRow('launch-plan');
    expect(launchRow).toHaveAttribute('aria-current', 'page');
    expect(launchRow).toHaveAccessibleName('# launch-plan Private @1 mention 2 unread');
    expect(within(launchRow).getByTestId('unread-badge')).toHaveTextContent('2 unread');
    expect(within(launchRow).getByTestId('mention-badge')).toHaveTextContent('@1 mention');
    expect(within(roomRow('general')).queryByTestId('unread-badge')).not.toBeInTheDocument();

    // Rooms are not 1:1 conversations.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Conversations' })).toHaveTextContent('No conversations yet'));
  });

  it('counts new room messages and @mentions of me live, and clears both when I have seen them', async () => {
    const { socket } = renderShell('/t/demo', {
      [ROOMS]: ok({ rooms: [general] }),
      [INBOX]: ok(conversationPage([makeRoomConversation(general, [maya, nova])])),
    });
    await waitFor(() => expect(roomRow('general')).toBeInTheDocument());

    const plain = makeMessage(general.id, 1, 'Morning all', maya, '2025-03-03T10:00:00.000Z');
    act(() => socket.serverSends('conversation:message', { conversationId: general.id, message: plain }));
    await waitFor(() => expect(within(roomRow('general')).getByTestId('unread-badge')).toHaveTextContent('1 unread'));
    expect(within(roomRow('general')).queryByTestId('mention-badge')).not.toBeInTheDocument();

    const mention = { ...makeMessage(general.id, 2, '@ada can you look?', maya, '2025-03-03T10:01:00.000Z'), mentions: [me.agentId] };
    act(() => socket.serverSends('conversation:message', { conversationId: general.id, message: mention }));
    await waitFor(() => expect(within(roomRow('general')).getByTestId('mention-badge')).toHaveTextContent('@1 mention'));
    expect(within(roomRow('general')).getByTestId('unread-badge')).toHaveTextContent('2 unread');

    const seen = { conversationId: general.id, messageId: mention.id, agentId: me.agentId, agent: { id: me.agentId, firstName: '', lastName: '', avatarUrl: '' } };
    act(() => socket.serverSends('conversation:message:seen', seen));
    await waitFor(() => expect(within(roomRow('general')).queryByTestId('unread-badge')).not.toBeInTheDocument());
    expect(within(roomRow('general')).queryByTestId('mention-badge')).not.toBeInTheDocument();
  });

  it('refetches the rooms and the inbox on rooms:changed (added to a room)', async () => {
    const { api, socket } = renderShell('/t/demo', {
      [ROOMS]: [ok({ rooms: [general] }), ok({ rooms: [general, launch] })],
      [INBOX]: [
        ok(conversationPage([makeRoomConversation(general, [maya])])),
        ok(conversationPage([withLast(makeRoomConversation(launch, [maya]), makeMessage(launch.id, 1, 'Welcome', maya, '2025-03-03T10:00:00.000Z'), 1), makeRoomConversation(general, [maya])])),
      ],
    });
    await waitFor(() => expect(within(roomsRegion()).getAllByTestId('room')).toHaveLength(1));

    act(() => socket.serverSends('rooms:changed', { teamId: team.id, roomId: launch.id }));
    await waitFor(() => expect(within(roomsRegion()).getAllByTestId('room')).toHaveLength(2));
    await waitFor(() => expect(within(roomRow('launch-plan')).getByTestId('unread-badge')).toHaveTextContent('1 unread'));
    expect(api.callsTo(ROOMS)).toHaveLength(2);
    expect(api.callsTo(INBOX)).toHaveLength(2);
  });

  it('refetches the rooms on every connect, the first included: a change sent before it was missed', async () => {
    const { api, socket } = renderShell('/t/demo', {
      [ROOMS]: [ok({ rooms: [general] }), ok({ rooms: [general, launch] })],
      [INBOX]: ok(conversationPage([makeRoomConversation(general, [maya])])),
    });
    await waitFor(() => expect(within(roomsRegion()).getAllByTestId('room')).toHaveLength(1));

    act(() => socket.serverSends('connect'));
    await waitFor(() => expect(within(roomsRegion()).getAllByTestId('room')).toHaveLength(2));
    expect(api.callsTo(ROOMS)).toHaveLength(2);
  });

  it("'Browse rooms' lists the open rooms I am not in, and joining one opens it", async () => {
    const user = userEvent.setup();
    const { api, router } = renderShell('/t/demo', {
      [ROOMS]: [ok({ rooms: [general, random] }), ok({ rooms: [general, { ...random, isMember: true }] })],
      [INBOX]: ok(conversationPage([])),
      'POST /teams/demo/rooms/random/join': ok({ room: { ...random, isMember: true }, conversation: makeRoomConversation(random, [maya]) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Browse rooms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse rooms' });
    expect(within(dialog).getByRole('link', { name: '# random' })).toHaveAttribute('href', '/t/demo/r/random');
    expect(dialog).toHaveTextContent('5 members · Anything goes');
    expect(within(dialog).queryByText('# general')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Join # random' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/r/random'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /teams/demo/rooms/random/join')).toHaveLength(1);
    await waitFor(() => expect(roomRow('random')).toHaveAttribute('aria-current', 'page'));
  });
});
