import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeMessage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { RealtimeContext } from '../realtime/realtime-context';
import TeamLayout from '../teams/team-layout';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { makeRoom, makeRoomConversation, roomAnswer } from '../test/team-rooms-fixtures';
import RoomPage from './room-page';
import { useRoomsLiveUpdates } from './use-rooms-live-updates';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true, isOnline: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', fullName: 'Nova', isHuman: false });
const sage = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b4', username: 'sage', fullName: 'Sage', isHuman: false });
const team = makeTeam();
const launch = makeRoom('launch-plan', '0193a0c4-0000-7000-8000-0000000000e2', { topic: 'Ship it by Friday', canManage: true });
const ROOM = 'GET /teams/demo/rooms/launch-plan';
const messagesOf = (id: string) => `GET /chat/conversations/${id}/messages?page=1&limit=50`;

function LiveRooms() {
  useRoomsLiveUpdates();
  return <Outlet />;
}

function renderRoom(path: string, api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /teams/demo': ok({ team }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' }), maya, nova, sage] }),
    'GET /teams/demo/rooms': ok({ rooms: [] }),
    ...api,
  });
  const socket = new FakeSocket();
  const view = renderRoutes(
    [
      {
        element: (
          <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
            <LiveRooms />
          </RealtimeContext.Provider>
        ),
        children: [
          { path: '/', element: <p>Home screen</p> },
          { path: '/t/:handle', element: <TeamLayout />, children: [{ index: true, element: <p>Team page</p> }, { path: 'r/:room', element: <RoomPage /> }] },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api: calls, socket };
}

/** A room I am in, with Maya and Nova, and one message from Maya. */
function memberApi(extra: Parameters<typeof stubApi>[0] = {}) {
  const conversation = makeRoomConversation(launch, [maya, nova]);
  const hello = makeMessage(launch.id, 1, 'Kick-off at ten', maya, '2025-03-03T10:00:00.000Z');
  return {
    [ROOM]: ok({ room: launch, conversation }),
    [`GET /chat/conversations/${launch.id}`]: ok({ conversation }),
    [messagesOf(launch.id)]: ok({ messages: [hello], pagination: { page: 1, limit: 50, hasMore: false }, seenStatus: {} }),
    [`PUT /chat/conversations/${launch.id}/read`]: ok({}),
    ...extra,
  };
}

describe('room page', () => {
  it('a member sees # name, topic, members with presence, and the conversation; a message goes to the room', async () => {
    const user = userEvent.setup();
    const sent = makeMessage(launch.id, 2, 'On it', me.agent, '2025-03-03T10:05:00.000Z');
    const { socket } = renderRoom('/t/demo/r/launch-plan', memberApi());

    expect(await screen.findByTestId('message')).toHaveTextContent('Kick-off at ten');
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByRole('heading', { level: 1, name: '# launch-plan' })).toBeInTheDocument();
    expect(within(chat).getByTestId('room-topic')).toHaveTextContent('Ship it by Friday');
    expect(within(chat).getByRole('button', { name: 'Hide members 3' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(chat).getByRole('button', { name: 'Room settings' })).toBeInTheDocument();
    expect(document.title).toBe('Agentroom (beta) — #launch-plan');

    const members = screen.getByRole('complementary', { name: 'Members' });
    const people = within(members).getByRole('region', { name: 'People' });
    expect(within(people).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ada Lovelace (you)@ada', 'Maya Chen@maya']);
    const [myself, mayaItem] = within(people).getAllByRole('listitem');
    // I am here, so online, whatever the team's list (read before this tab's socket) says.
    expect(within(myself!).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(mayaItem!).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    const agents = within(members).getByRole('region', { name: 'AI agents' });
    expect(within(agents).getByRole('button', { name: 'Remove Nova from the room' })).toBeInTheDocument();

    // Over the open socket (message:send), to the room's conversation with no target agent.
    await user.type(screen.getByPlaceholderText('Type a message...'), 'On it{Enter}');
    await waitFor(() => expect(socket.sends).toHaveLength(1));
    const { payload } = socket.sends[0]!;
    expect(payload).toMatchObject({ conversationId: launch.id, content: 'On it' });
    expect(payload.targetAgentId).toBeUndefined();
    act(() => socket.sends[0]!.ack({ ok: true, participantMessage: { ...sent, clientMessageId: payload.clientMessageId ?? null }, created: true }));
    await waitFor(() => expect(screen.getAllByTestId('message').at(-1)).toHaveAttribute('data-message-id', sent.id));
    expect(screen.getAllByTestId('message').at(-1)).toHaveTextContent('On it');
  });

  it("says in the header when one AI agent answers every message", async () => {
    const answered = { ...launch, answersAllAgentId: nova.id };
    const conversation = makeRoomConversation(answered, [maya, nova]);
    renderRoom('/t/demo/r/launch-plan', memberApi({ [ROOM]: ok({ room: answered, conversation }), [`GET /chat/conversations/${launch.id}`]: ok({ conversation }) }));
    await screen.findByTestId('message');
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByTestId('room-answers-all')).toHaveTextContent('Nova answers every message');
  });

  it('a room where AI agents answer only when mentioned says nothing of it', async () => {
    renderRoom('/t/demo/r/launch-plan', memberApi());
    await screen.findByTestId('message');
    expect(screen.queryByTestId('room-answers-all')).not.toBeInTheDocument();
  });

  it('adds a person or an AI agent of the team, removes an AI agent, and leaves the room', async () => {
    const user = userEvent.setup();
    const withSage = makeRoomConversation(launch, [maya, nova, sage]);
    const { api, router } = renderRoom(
      '/t/demo/r/launch-plan',
      memberApi({
        // The server's answers after each change.
        [ROOM]: [ok({ room: launch, conversation: makeRoomConversation(launch, [maya, nova]) }), ok({ room: { ...launch, memberCount: 4 }, conversation: withSage })],
        'POST /teams/demo/rooms/launch-plan/members': ok({ room: { ...launch, memberCount: 4 }, conversation: withSage }),
        [`DELETE /teams/demo/rooms/launch-plan/members/${nova.id}`]: ok({ removed: true }),
        'DELETE /teams/demo/rooms/launch-plan/members/me': ok({ left: true }),
      }),
    );
    const members = await screen.findByRole('complementary', { name: 'Members' });
    const picker = await within(members).findByRole('combobox', { name: 'Add a person or an AI agent' });
    // Only who is in the team and not in the room yet.
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Sage (@sage)']);
    await user.selectOptions(picker, sage.id);
    await user.click(within(members).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(members).getByRole('region', { name: 'AI agents' })).toHaveTextContent('Sage'));
    expect(api.callsTo('POST /teams/demo/rooms/launch-plan/members')[0]!.body).toEqual({ agentId: sage.id });
    expect(screen.getByRole('button', { name: 'Hide members 4' })).toBeInTheDocument();

    await user.click(within(members).getByRole('button', { name: 'Remove Nova from the room' }));
    await waitFor(() => expect(api.callsTo(`DELETE /teams/demo/rooms/launch-plan/members/${nova.id}`)).toHaveLength(1));

    await user.click(within(members).getByRole('button', { name: 'Leave room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo'));
    expect(api.callsTo('DELETE /teams/demo/rooms/launch-plan/members/me')).toHaveLength(1);
  });

  it('room settings (managers): topic and the AI agent that answers everything, with the server error shown', async () => {
    const user = userEvent.setup();
    const saved = { room: { ...launch, topic: 'Ship it today', answersAllAgentId: nova.id }, conversation: makeRoomConversation(launch, [maya, nova]) };
    const { api } = renderRoom(
      '/t/demo/r/launch-plan',
      memberApi({
        [ROOM]: [ok({ room: launch, conversation: makeRoomConversation(launch, [maya, nova]) }), ok(saved)],
        'PATCH /teams/demo/rooms/launch-plan': [
          fail(403, 'Only the room creator and team owners and admins can change this room', 'FORBIDDEN'),
          ok(saved),
        ],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Room settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Room settings' });
    const topic = within(dialog).getByRole('textbox', { name: /Topic/ });
    await user.clear(topic);
    await user.type(topic, 'Ship it today');
    const answers = within(dialog).getByRole('combobox', { name: 'AI agent that answers everything' });
    expect(within(answers).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: AI agents answer when @mentioned', 'Nova']);
    await user.selectOptions(answers, nova.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the room creator and team owners and admins can change this room');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /teams/demo/rooms/launch-plan')[1]!.body).toEqual({ topic: 'Ship it today', answersAllAgentId: nova.id });
    expect(screen.getByTestId('room-topic')).toHaveTextContent('Ship it today');
  });

  it("an open room I am not in shows its name and topic and 'Join room'; joining opens the conversation", async () => {
    const user = userEvent.setup();
    const random = makeRoom('random', '0193a0c4-0000-7000-8000-0000000000e3', { isMember: false, topic: 'Anything goes', memberCount: 5 });
    const joined = { ...random, isMember: true, memberCount: 6 };
    const conversation = makeRoomConversation(joined, [maya]);
    const { api } = renderRoom('/t/demo/r/random', {
      'GET /teams/demo/rooms/random': [ok(roomAnswer(random, null)), ok({ room: joined, conversation })],
      'POST /teams/demo/rooms/random/join': ok({ room: joined, conversation }),
      [`GET /chat/conversations/${random.id}`]: ok({ conversation }),
      [messagesOf(random.id)]: ok({ messages: [], pagination: { page: 1, limit: 50, hasMore: false }, seenStatus: {} }),
    });
    expect(await screen.findByRole('heading', { name: '# random' })).toBeInTheDocument();
    expect(screen.getByText('Anything goes')).toBeInTheDocument();
    expect(screen.getByText('5 members · An open room of Demo Team')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    expect(api.callsTo(messagesOf(random.id))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Join room' }));
    expect(await screen.findByRole('region', { name: 'Chat' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(messagesOf(random.id))).toHaveLength(1));
    expect(api.callsTo('POST /teams/demo/rooms/random/join')).toHaveLength(1);
  });

  it("a private room I am not in (404) is 'Room not found' with a way back to my teams, and nothing of it loads", async () => {
    const { api } = renderRoom('/t/demo/r/secret', { 'GET /teams/demo/rooms/secret': fail(404, 'Room not found', 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { name: 'Room not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my teams' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/chat/'))).toHaveLength(0);
  });

  it("shows 'Room not found' when the open room goes away for me (rooms:changed, then 404)", async () => {
    const api = memberApi();
    const { socket } = renderRoom('/t/demo/r/launch-plan', { ...api, [ROOM]: [api[ROOM], fail(404, 'Room not found', 'NOT_FOUND')] });
    expect(await screen.findByTestId('message')).toHaveTextContent('Kick-off at ten');

    act(() => socket.serverSends('rooms:changed', { teamId: team.id, roomId: launch.id }));
    expect(await screen.findByRole('heading', { name: 'Room not found' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
  });
});

describe('room page in German', () => {
  afterEach(() => applyLanguage('en'));

  it('the header and the members panel speak German', async () => {
    await applyLanguage('de');
    renderRoom('/t/demo/r/launch-plan', memberApi());
    await screen.findByTestId('message');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mitglieder ausblenden 3' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Raumeinstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verbindung: Verbunden' })).toBeInTheDocument();

    const members = screen.getByRole('complementary', { name: 'Mitglieder' });
    expect(within(members).getByRole('heading', { name: 'Mitglieder (3)' })).toBeInTheDocument();
    const people = within(members).getByRole('region', { name: 'Personen' });
    expect(within(people).getAllByRole('listitem')[0]).toHaveTextContent('Ada Lovelace (Sie)@ada');
    const agents = within(members).getByRole('region', { name: 'KI-Agenten' });
    expect(within(agents).getByRole('button', { name: 'Nova aus dem Raum entfernen' })).toBeInTheDocument();
    expect(within(members).getByRole('button', { name: 'Raum verlassen' })).toBeInTheDocument();
  });

  it("an open room's preview counts its members in German", async () => {
    await applyLanguage('de');
    const random = makeRoom('random', '0193a0c4-0000-7000-8000-0000000000e3', { isMember: false, memberCount: 1 });
    renderRoom('/t/demo/r/random', { 'GET /teams/demo/rooms/random': ok(roomAnswer(random, null)) });
    expect(await screen.findByText('1 Mitglied · Ein offener Raum von Demo Team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raum betreten' })).toBeInTheDocument();
  });
});
