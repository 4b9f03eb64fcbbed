import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage, TConversation, TThreadSummary } from '@agentroom/shared';
import { RealtimeContext } from '../realtime/realtime-context';
import RoomPage from '../rooms/room-page';
import TeamLayout from '../teams/team-layout';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeMessage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { makeRoom, makeRoomConversation } from '../test/team-rooms-fixtures';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', firstName: 'Nova', lastName: '', fullName: 'Nova', isHuman: false });
const launch = makeRoom('launch-plan', '0193a0c4-0000-7000-8000-0000000000e2');
const THREAD_ID = '0193a0c4-0000-7000-8000-0000000000d9';
const room = makeRoomConversation(launch, [maya, nova]);
const question = makeMessage(launch.id, 1, 'Which date do we ship?', maya, '2025-03-03T10:00:00.000Z');
const other = makeMessage(launch.id, 2, 'Coffee at eleven', maya, '2025-03-03T10:01:00.000Z');
const threadConversation: TConversation = {
  ...makeRoomConversation(launch, [maya, nova], { id: THREAD_ID, conversationType: 'thread', room: null }),
  thread: { threadConversationId: THREAD_ID, rootMessageId: question.id, parentConversationId: launch.id, following: false },
};
const inThread = { threadConversationId: THREAD_ID, rootMessageId: question.id, parentConversationId: launch.id };
const reply = (seq: number, content: string, from = maya): TChatMessage => ({ ...makeMessage(THREAD_ID, seq, content, from, '2025-03-03T10:05:00.000Z'), inThread });
const friday = reply(1, 'Friday, I think');
const summary = (replyCount: number): TThreadSummary => ({
  conversationId: THREAD_ID,
  replyCount,
  lastReplyAt: '2025-03-03T10:05:00.000Z',
  repliers: [{ id: maya.id, firstName: 'Maya', lastName: 'Chen', avatarUrl: '' }],
});
const page = (messages: TChatMessage[]) => ok({ messages, pagination: { page: 1, limit: 50, hasMore: false }, seenStatus: {} });

function renderRoom(path: string, roomMessages: TChatMessage[], extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /teams/demo': ok({ team: makeTeam() }),
    'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' }), maya, nova] }),
    'GET /teams/demo/rooms': ok({ rooms: [] }),
    'GET /teams/demo/rooms/launch-plan': ok({ room: launch, conversation: room }),
    [`GET /chat/conversations/${launch.id}`]: ok({ conversation: room }),
    [`GET /chat/conversations/${launch.id}/messages?page=1&limit=50`]: page(roomMessages),
    [`GET /chat/conversations/${launch.id}/messages?after=${roomMessages.at(-1)?.seq ?? 0}&limit=200`]: page([]),
    [`PUT /chat/conversations/${launch.id}/read`]: ok({}),
    [`POST /chat/messages/${question.id}/thread`]: ok({ thread: threadConversation, root: question }),
    [`GET /chat/conversations/${THREAD_ID}`]: ok({ conversation: threadConversation }),
    [`GET /chat/conversations/${THREAD_ID}/messages?page=1&limit=50`]: page([friday]),
    [`GET /chat/conversations/${THREAD_ID}/messages?after=1&limit=200`]: page([]),
    [`PUT /chat/conversations/${THREAD_ID}/read`]: ok({}),
    [`PUT /chat/conversations/${THREAD_ID}/follow`]: ok({ following: true }),
    ...extra,
  });
  const socket = new FakeSocket();
  const view = renderRoutes(
    [
      {
        element: (
          <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
            <Outlet />
          </RealtimeContext.Provider>
        ),
        children: [{ path: '/t/:handle', element: <TeamLayout />, children: [{ path: 'r/:room', element: <RoomPage /> }] }],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api, socket };
}

const messageRow = (text: string) => screen.getAllByTestId('message').find((row) => row.textContent?.includes(text))!;

describe('a thread beside a room', () => {
  it('"Reply in thread" opens the thread in the URL and the panel: the root on top, its replies below', async () => {
    const user = userEvent.setup();
    const { router, api } = renderRoom('/t/demo/r/launch-plan', [question, other]);
    await screen.findByText('Coffee at eleven');
    // A message of a room can start a thread; nothing else opened one yet.
    expect(screen.queryByRole('complementary', { name: 'Thread' })).not.toBeInTheDocument();

    await user.click(within(messageRow('Which date do we ship?')).getByRole('button', { name: 'Reply in thread' }));

    expect(router.state.location.search).toBe(`?thread=${question.id}`);
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    expect(api.callsTo(`POST /chat/messages/${question.id}/thread`)).toHaveLength(1);
    expect(within(panel).getByTestId('thread-root')).toHaveTextContent('Which date do we ship?');
    expect(await within(panel).findByText('Friday, I think')).toBeInTheDocument();
    // A thread's replies start no thread of their own.
    expect(within(panel).queryByRole('button', { name: 'Reply in thread' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close thread' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('complementary', { name: 'Thread' })).not.toBeInTheDocument();
  });

  it('a reply sent with "Also send to #launch-plan" carries alsoSendToParent; the next one does not', async () => {
    const user = userEvent.setup();
    const { socket } = renderRoom(`/t/demo/r/launch-plan?thread=${question.id}`, [question]);
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    await within(panel).findByText('Friday, I think');

    const alsoSend = within(panel).getByRole('checkbox', { name: 'Also send to #launch-plan' });
    expect(alsoSend).not.toBeChecked();
    await user.click(alsoSend);
    await user.type(within(panel).getByPlaceholderText('Type a message...'), 'Friday works{Enter}');

    await waitFor(() => expect(socket.sends).toHaveLength(1));
    expect(socket.sends[0]!.payload).toMatchObject({ conversationId: THREAD_ID, content: 'Friday works', alsoSendToParent: true });
    const stored = { ...reply(2, 'Friday works', makeTeamAgent({ ...me.agent })), clientMessageId: socket.sends[0]!.payload.clientMessageId ?? null };
    act(() => socket.sends[0]!.ack({ ok: true, participantMessage: stored, created: true }));
    await waitFor(() => expect(alsoSend).not.toBeChecked());

    await user.type(within(panel).getByPlaceholderText('Type a message...'), 'Only here{Enter}');
    await waitFor(() => expect(socket.sends).toHaveLength(2));
    expect(socket.sends[1]!.payload).toMatchObject({ conversationId: THREAD_ID, content: 'Only here' });
    expect(socket.sends[1]!.payload.alsoSendToParent).toBeUndefined();
  });

  it('Follow in the header follows the thread (PUT …/follow) and then says Following', async () => {
    const user = userEvent.setup();
    const { api } = renderRoom(`/t/demo/r/launch-plan?thread=${question.id}`, [question]);
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    const follow = await within(panel).findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');

    await user.click(follow);

    expect(await within(panel).findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo(`PUT /chat/conversations/${THREAD_ID}/follow`).map((c) => c.body)).toEqual([{ following: true }]);
  });

  it('Esc closes the thread', async () => {
    const user = userEvent.setup();
    const { router } = renderRoom(`/t/demo/r/launch-plan?thread=${question.id}`, [question]);
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    await within(panel).findByText('Friday, I think');
    await user.click(within(panel).getByPlaceholderText('Type a message...'));
    await user.keyboard('{Escape}');
    expect(router.state.location.search).toBe('');
  });

  it('`&at=` opens the thread at that reply and leaves the room at its newest messages', async () => {
    const { api } = renderRoom(`/t/demo/r/launch-plan?thread=${question.id}&at=1`, [question], {
      [`GET /chat/conversations/${THREAD_ID}/messages?around=1&limit=50`]: page([friday]),
    });
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    await within(panel).findByText('Friday, I think');
    expect(api.callsTo(`GET /chat/conversations/${THREAD_ID}/messages?around=1&limit=50`)).toHaveLength(1);
    expect(api.calls.some((c) => c.path.startsWith(`/chat/conversations/${launch.id}/messages?around`))).toBe(false);
  });
});

describe("a thread's root in the room", () => {
  it('says how many replies, who replied and when; a thread:updated on the room changes it live; a click opens the thread', async () => {
    const user = userEvent.setup();
    const { socket, router } = renderRoom('/t/demo/r/launch-plan', [{ ...question, thread: summary(1) }, other]);
    await screen.findByText('Coffee at eleven');
    const line = within(messageRow('Which date do we ship?')).getByTestId('thread-summary');
    expect(line).toHaveTextContent('1 reply');
    expect(within(line).getByRole('img', { name: 'Maya Chen', hidden: true })).toBeInTheDocument();
    expect(line).toHaveAccessibleName(/^1 reply from Maya Chen Last reply/);
    expect(within(messageRow('Coffee at eleven')).queryByTestId('thread-summary')).not.toBeInTheDocument();

    act(() => socket.serverSends('thread:updated', { conversationId: launch.id, rootMessageId: question.id, thread: summary(3) }));
    await waitFor(() => expect(within(messageRow('Which date do we ship?')).getByTestId('thread-summary')).toHaveTextContent('3 replies'));
    // Another conversation's thread leaves this list alone.
    act(() => socket.serverSends('thread:updated', { conversationId: THREAD_ID, rootMessageId: question.id, thread: summary(9) }));
    expect(within(messageRow('Which date do we ship?')).getByTestId('thread-summary')).toHaveTextContent('3 replies');

    await user.click(within(messageRow('Which date do we ship?')).getByTestId('thread-summary'));
    expect(router.state.location.search).toBe(`?thread=${question.id}`);
    expect(await screen.findByRole('complementary', { name: 'Thread' })).toBeInTheDocument();
  });

  it('a reply also sent to the room says it replied to a thread, and opens it', async () => {
    const user = userEvent.setup();
    const copy: TChatMessage = { ...makeMessage(launch.id, 2, 'Friday it is', maya, '2025-03-03T10:06:00.000Z'), fromThread: inThread };
    const { router } = renderRoom('/t/demo/r/launch-plan', [question, copy]);
    await screen.findByText('Friday it is');
    const said = within(messageRow('Friday it is')).getByTestId('from-thread');
    expect(said).toHaveTextContent('replied to a thread');
    await user.click(within(said).getByRole('button', { name: 'replied to a thread' }));
    expect(router.state.location.search).toBe(`?thread=${question.id}`);
  });
});
