import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { THREAD_ERRORS, type TChatMessage, type TPin } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeMessage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { RealtimeContext } from '../realtime/realtime-context';
import TeamLayout from '../teams/team-layout';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { makeRoom, makeRoomConversation } from '../test/team-rooms-fixtures';
import RoomPage from '../rooms/room-page';
import { loadVirtualList } from '../chat/virtual-list';
import { toast } from '../ui/toast';
import { PinsAddOns } from './pins-add-ons';

vi.mock('react-virtuoso', async () => ({ Virtuoso: (await import('../test/virtuoso-stub')).VirtuosoWithFooter }));
vi.mock('../ui/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn(), message: vi.fn() } }));

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const team = makeTeam();
const launch = makeRoom('launch', '0193a0c4-0000-7000-8000-0000000000e2', { topic: 'Ship it' });
const conversation = makeRoomConversation(launch, [maya]);
const kickoff = makeMessage(launch.id, 1, 'Kick-off at **ten**', maya, '2025-03-03T10:00:00.000Z');
const agenda = makeMessage(launch.id, 2, 'Agenda is in the doc', me.agent, '2025-03-03T10:01:00.000Z');
const PINS = `GET /chat/conversations/${launch.id}/pins`;
const SAVED_IDS = 'GET /users/me/saved?limit=100';
const page = (messages: TChatMessage[], more: { hasMore?: boolean; hasNewer?: boolean } = {}) =>
  ok({ messages, pagination: { page: 1, limit: 50, hasMore: more.hasMore ?? false, ...more }, seenStatus: {} });
const pinOf = (message: TChatMessage, pinnedAt = '2025-03-03T11:00:00.000Z'): TPin => ({
  message,
  pinnedBy: { id: maya.id, firstName: 'Maya', lastName: 'Chen' },
  pinnedAt,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** #launch with Maya, as the routes table gives it: with pins and saved messages. */
function renderRoom(api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /teams/demo': ok({ team }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' }), maya] }),
    'GET /teams/demo/rooms': ok({ rooms: [] }),
    'GET /teams/demo/rooms/launch': ok({ room: launch, conversation }),
    [`GET /chat/conversations/${launch.id}`]: ok({ conversation }),
    [`GET /chat/conversations/${launch.id}/messages?page=1&limit=50`]: page([kickoff, agenda]),
    [`GET /chat/conversations/${launch.id}/replies`]: ok({ replies: [] }),
    [`PUT /chat/conversations/${launch.id}/read`]: ok({}),
    [SAVED_IDS]: ok({ saved: [], nextBefore: null }),
    ...api,
  });
  const socket = new FakeSocket();
  const view = renderRoutes(
    [
      {
        path: '/t/:handle',
        element: (
          <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
            <TeamLayout />
            <Where />
          </RealtimeContext.Provider>
        ),
        children: [
          {
            path: 'r/:room',
            element: (
              <PinsAddOns>
                <RoomPage />
              </PinsAddOns>
            ),
          },
        ],
      },
    ],
    { path: '/t/demo/r/launch', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api: calls, socket };
}

const chat = () => screen.getByRole('region', { name: 'Chat' });
const bubbleOf = (message: TChatMessage) => screen.getAllByTestId('message').find((m) => m.dataset.messageId === message.id)!;

beforeAll(() => loadVirtualList());
beforeEach(() => vi.mocked(toast.error).mockClear());

describe('pinned messages in a conversation', () => {
  it('the header counts the pins; its list shows each pin and opens the conversation at the message, closing the list', async () => {
    const user = userEvent.setup();
    const { api } = renderRoom({
      [PINS]: ok({ pins: [pinOf(agenda, '2025-03-03T11:05:00.000Z'), pinOf(kickoff)] }),
      [`GET /chat/conversations/${launch.id}/messages?around=1&limit=50`]: page([kickoff, agenda], { hasNewer: false }),
    });
    const button = await within(await screen.findByRole('region', { name: 'Chat' })).findByRole('button', { name: 'Pinned messages 2' });
    // Both pinned messages carry the mark.
    await waitFor(() => expect(within(bubbleOf(kickoff)).getByTestId('pinned-mark')).toHaveTextContent('Pinned'));
    expect(within(bubbleOf(agenda)).getByTestId('pinned-mark')).toBeInTheDocument();

    await user.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Pinned messages' });
    const rows = await within(sheet).findAllByTestId('pinned-message');
    expect(rows.map((row) => row.dataset.messageId)).toEqual([agenda.id, kickoff.id]);
    expect(rows[1]).toHaveTextContent('Maya Chen');
    expect(rows[1]).toHaveTextContent('Kick-off at ten');
    expect(rows[1]).toHaveTextContent('Pinned by Maya Chen');
    expect(within(rows[1]!).getAllByRole('time').map((t) => t.getAttribute('datetime'))).toEqual([kickoff.timestamp, '2025-03-03T11:00:00.000Z']);
    expect(within(rows[1]!).getByRole('button', { name: 'Unpin the message from Maya Chen' })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('link'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pinned messages' })).not.toBeInTheDocument());
    // The page's own jump: the window around the message, marked; then the address is the room's again.
    await waitFor(() => expect(api.callsTo(`GET /chat/conversations/${launch.id}/messages?around=1&limit=50`)).toHaveLength(1));
    await waitFor(() => expect(bubbleOf(kickoff)).toHaveAttribute('data-focused', 'true'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/t\/demo\/r\/launch$/));
    expect(chat()).toBeInTheDocument();
  });

  it('is live: conversation:pins of this conversation fetches the pins again; the count, the mark and the action follow', async () => {
    const { api, socket } = renderRoom({ [PINS]: [ok({ pins: [] }), ok({ pins: [pinOf(kickoff)] }), ok({ pins: [] })] });
    await screen.findByText('Kick-off at');
    await waitFor(() => expect(api.callsTo(PINS)).toHaveLength(1));
    expect(within(chat()).queryByTestId('pins-button')).not.toBeInTheDocument();
    expect(within(bubbleOf(kickoff)).getByRole('button', { name: 'Pin' })).toBeInTheDocument();

    // Another conversation's pins are not this one's.
    act(() => socket.serverSends('conversation:pins', { conversationId: '0193a0c4-0000-7000-8000-0000000000e9', messageId: kickoff.id, pinned: true }));
    act(() => socket.serverSends('conversation:pins', { conversationId: launch.id, messageId: kickoff.id, pinned: true }));
    expect(await within(chat()).findByRole('button', { name: 'Pinned messages 1' })).toBeInTheDocument();
    expect(api.callsTo(PINS)).toHaveLength(2);
    expect(within(bubbleOf(kickoff)).getByTestId('pinned-mark')).toBeInTheDocument();
    expect(within(bubbleOf(kickoff)).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(within(bubbleOf(agenda)).queryByTestId('pinned-mark')).not.toBeInTheDocument();

    // A pinned message deleted is no longer listed (the API says no pins change): its update fetches them again.
    act(() => socket.serverSends('message:updated', { ...agenda, content: 'Agenda moved' }));
    expect(api.callsTo(PINS)).toHaveLength(2);
    act(() => socket.serverSends('message:updated', { ...kickoff, content: '', deleted: true }));
    await waitFor(() => expect(within(chat()).queryByTestId('pins-button')).not.toBeInTheDocument());
    expect(api.callsTo(PINS)).toHaveLength(3);
    act(() => socket.serverSends('conversation:pins', { conversationId: launch.id, messageId: kickoff.id, pinned: false }));
    await waitFor(() => expect(api.callsTo(PINS)).toHaveLength(4));
    expect(screen.getByText('This message was deleted')).toBeInTheDocument();
  });

  it('pins from a message and unpins from the list', async () => {
    const user = userEvent.setup();
    const { api } = renderRoom({
      [PINS]: ok({ pins: [] }),
      [`PUT /chat/messages/${kickoff.id}/pin`]: ok({ pin: pinOf(kickoff) }),
      [`DELETE /chat/messages/${kickoff.id}/pin`]: ok({ pin: null }),
    });
    await screen.findByText('Kick-off at');
    await user.click(within(bubbleOf(kickoff)).getByRole('button', { name: 'Pin' }));
    expect(await within(chat()).findByRole('button', { name: 'Pinned messages 1' })).toBeInTheDocument();
    expect(api.callsTo(`PUT /chat/messages/${kickoff.id}/pin`)).toHaveLength(1);
    expect(within(bubbleOf(kickoff)).getByTestId('pinned-mark')).toBeInTheDocument();

    await user.click(within(chat()).getByRole('button', { name: 'Pinned messages 1' }));
    const sheet = await screen.findByRole('dialog', { name: 'Pinned messages' });
    await user.click(await within(sheet).findByRole('button', { name: 'Unpin the message from Maya Chen' }));
    expect(await within(sheet).findByText('No pinned messages')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /chat/messages/${kickoff.id}/pin`)).toHaveLength(1);
    expect(within(bubbleOf(kickoff)).queryByTestId('pinned-mark')).not.toBeInTheDocument();
  });

  it('past the 50 pins of a conversation the API refuses, and its text is a toast', async () => {
    const user = userEvent.setup();
    renderRoom({ [PINS]: ok({ pins: [] }), [`PUT /chat/messages/${kickoff.id}/pin`]: fail(409, THREAD_ERRORS.tooManyPins, 'CONFLICT') });
    await screen.findByText('Kick-off at');
    await user.click(within(bubbleOf(kickoff)).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(THREAD_ERRORS.tooManyPins));
    expect(within(bubbleOf(kickoff)).queryByTestId('pinned-mark')).not.toBeInTheDocument();
    expect(within(bubbleOf(kickoff)).getByRole('button', { name: 'Pin' })).toBeInTheDocument();
  });
});

describe('saving a message', () => {
  it('Save, then Remove from saved, each said to the API; a message saved before shows Remove from saved', async () => {
    const user = userEvent.setup();
    const { api } = renderRoom({
      [PINS]: ok({ pins: [] }),
      [SAVED_IDS]: ok({ saved: [{ message: agenda, conversation: { id: launch.id, conversationType: 'room', team: launch.team, roomName: 'launch', otherAgent: null }, savedAt: '2025-03-03T12:00:00.000Z' }], nextBefore: null }),
      [`PUT /chat/messages/${kickoff.id}/save`]: ok({ saved: true }),
      [`DELETE /chat/messages/${kickoff.id}/save`]: ok({ saved: false }),
    });
    await screen.findByText('Kick-off at');
    expect(await within(bubbleOf(agenda)).findByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();

    await user.click(within(bubbleOf(kickoff)).getByRole('button', { name: 'Save' }));
    expect(await within(bubbleOf(kickoff)).findByRole('button', { name: 'Remove from saved' })).toBeInTheDocument();
    expect(api.callsTo(`PUT /chat/messages/${kickoff.id}/save`)).toHaveLength(1);

    await user.click(within(bubbleOf(kickoff)).getByRole('button', { name: 'Remove from saved' }));
    expect(await within(bubbleOf(kickoff)).findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /chat/messages/${kickoff.id}/save`)).toHaveLength(1);
  });
});
