import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TChatMessage, TFollowedThread } from '@agentroom/shared';
import { RealtimeContext } from '../realtime/realtime-context';
import { SidebarViews } from '../shell/sidebar-views';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeMessage, me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeamAgent } from '../test/team-fixtures';
import ThreadsPage from './threads-page';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', firstName: 'Nova', lastName: '', fullName: 'Nova', isHuman: false });
const ROOM_ID = '0193a0c4-0000-7000-8000-0000000000e2';
const CHAT_ID = '0193a0c4-0000-7000-8000-0000000000c1';
const team = { id: '0193a0c4-0000-7000-8000-0000000000f1', handle: 'demo', name: 'Demo Team' };

function followed(id: string, parent: TFollowedThread['conversation'], root: TChatMessage, lastReply: TChatMessage, counts: { replyCount: number; unreadCount: number }): TFollowedThread {
  return {
    place: { threadConversationId: id, rootMessageId: root.id, parentConversationId: parent.id },
    conversation: parent,
    root,
    lastReply,
    ...counts,
    unreadMentions: 0,
    lastReplyAt: lastReply.timestamp,
  };
}

const inRoom = { id: ROOM_ID, conversationType: 'room' as const, team, roomName: 'launch-plan', otherAgent: null };
const withNova = { id: CHAT_ID, conversationType: 'personal' as const, team: null, roomName: null, otherAgent: { id: nova.id, username: 'nova', firstName: 'Nova', lastName: '', avatarUrl: '', isAgent: true } };
const shipDate = makeMessage(ROOM_ID, 4, 'Which date do we ship?', maya, '2025-03-03T10:00:00.000Z');
const friday = makeMessage('0193a0c4-0000-7000-8000-0000000000d1', 3, 'Friday, I think', maya, '2025-03-03T11:00:00.000Z');
const poem = makeMessage(CHAT_ID, 2, 'Write me a **poem**', me.agent, '2025-03-02T10:00:00.000Z');
const verse = makeMessage('0193a0c4-0000-7000-8000-0000000000d2', 1, 'Roses are red', nova, '2025-03-02T10:01:00.000Z');
const roomThread = followed('0193a0c4-0000-7000-8000-0000000000d1', inRoom, shipDate, friday, { replyCount: 3, unreadCount: 2 });
const chatThread = followed('0193a0c4-0000-7000-8000-0000000000d2', withNova, poem, verse, { replyCount: 1, unreadCount: 0 });
const answer = (unreadThreads: number, threads = [roomThread, chatThread]) => ok({ threads, unreadThreads, nextBefore: null });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderThreads(path: string, threads: Parameters<typeof stubApi>[0][string]) {
  const api = stubApi({ 'GET /chat/threads': threads });
  const socket = new FakeSocket();
  const layout = (
    <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
      <nav aria-label="Workspace">
        <SidebarViews />
      </nav>
      <Outlet />
    </RealtimeContext.Provider>
  );
  const view = renderRoutes(
    [{ element: layout, children: [{ path: '/threads', element: <ThreadsPage /> }, { path: '*', element: <Where /> }] }],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api, socket };
}

const threadsLink = () => within(screen.getByRole('navigation', { name: 'Workspace' })).getByRole('link', { name: /^Threads/ });

describe('Threads', () => {
  it('lists the threads I follow, newest first: root, where it lives, last reply, replies and unread; each opens its thread', async () => {
    const user = userEvent.setup();
    renderThreads('/threads', answer(1));
    const list = await screen.findByRole('list', { name: 'Followed threads' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('in #launch-plan · Demo Team');
    expect(first).toHaveTextContent('Maya Chen: Which date do we ship?');
    expect(first).toHaveTextContent('3 replies');
    expect(first).toHaveTextContent('Last: Maya Chen: Friday, I think');
    expect(within(first!).getByTestId('thread-unread')).toHaveTextContent('2 unread');
    expect(first).toHaveAttribute('href', `/t/demo/r/launch-plan?thread=${shipDate.id}`);
    // Markdown is shown as plain text; nothing unread, no count.
    expect(second).toHaveTextContent('with Nova');
    expect(second).toHaveTextContent('Ada Lovelace: Write me a poem');
    expect(second).toHaveTextContent('1 reply');
    expect(within(second!).queryByTestId('thread-unread')).not.toBeInTheDocument();
    expect(second).toHaveAttribute('href', `/p/nova?thread=${poem.id}`);
    expect(threadsLink()).toHaveAttribute('aria-current', 'page');

    await user.click(first!);
    expect(screen.getByTestId('where')).toHaveTextContent(`/t/demo/r/launch-plan?thread=${shipDate.id}`);
  });

  it('says when I follow no thread yet', async () => {
    renderThreads('/threads', answer(0, []));
    expect(await screen.findByText('No threads yet')).toBeInTheDocument();
    expect(within(threadsLink()).queryByTestId('threads-badge')).not.toBeInTheDocument();
  });

  it("the sidebar's badge counts threads with unread replies, live: a new thread reply fetches them again, another message does not", async () => {
    const { api, socket } = renderThreads('/somewhere', [answer(1), answer(2)]);
    await waitFor(() => expect(within(threadsLink()).getByTestId('threads-badge')).toHaveTextContent('1 thread with unread replies'));
    expect(within(screen.getByRole('navigation', { name: 'Workspace' })).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');

    const plain = makeMessage(CHAT_ID, 9, 'Not in a thread', nova, '2025-03-03T12:00:00.000Z');
    act(() => socket.serverSends('conversation:message', { message: plain }));
    expect(api.callsTo('GET /chat/threads')).toHaveLength(1);

    const reply: TChatMessage = { ...makeMessage(chatThread.place.threadConversationId, 2, 'And violets blue', nova, '2025-03-03T12:01:00.000Z'), inThread: chatThread.place };
    act(() => socket.serverSends('conversation:message', { message: reply }));
    await waitFor(() => expect(within(threadsLink()).getByTestId('threads-badge')).toHaveTextContent('2 threads with unread replies'));
    expect(api.callsTo('GET /chat/threads')).toHaveLength(2);
  });
});
