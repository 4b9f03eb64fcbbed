import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { chatStartCalls, renderChatPage } from '../test/chat-render';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { loadVirtualList } from './virtual-list';

vi.mock('react-virtuoso', async () => ({ Virtuoso: (await import('../test/virtuoso-stub')).VirtuosoWithFooter }));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const CONVERSATION_ID = CHAT_ID;
const conversation = makeChat(me, maya, { lastSeq: 5000 });

const T0 = Date.UTC(2025, 0, 1);
const fromMaya = (seq: number): TChatMessage => chatMessage(seq, `message ${seq}`, senderOf(maya), { timestamp: new Date(T0 + seq * 60_000).toISOString() });
const seqs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => fromMaya(from + i));
const page = (messages: TChatMessage[], more: { hasMore?: boolean; hasNewer?: boolean } = {}) => ok(messagePage(messages, 50, more));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderChat(path: string, answerSend?: ConstructorParameters<typeof FakeSocket>[0]) {
  const socket = new FakeSocket(answerSend);
  const view = renderChatPage(me, { path, socket, beside: <Where /> });
  return { ...view, socket };
}

const shownSeqs = () => screen.getAllByTestId('message').map((m) => Number(/message (\d+)/.exec(m.textContent ?? '')?.[1]));
const base = `/chat/conversations/${CONVERSATION_ID}/messages`;

// The virtual list's code loads on demand in the app; here it is in before the first render, as after a
// chat's idle preload (the browser journeys open one before it is).
beforeAll(() => loadVirtualList());

describe('opening a chat at a message (a search hit)', () => {
  it('loads the page around it, marks it, keeps live messages back until the newer pages reach them', async () => {
    const api = stubApi({
      ...chatStartCalls(maya, conversation),
      [`GET ${base}?around=1000&limit=50`]: page(seqs(998, 1002), { hasMore: true, hasNewer: true }),
      [`GET ${base}?after=1002&limit=50`]: page(seqs(1003, 1004), { hasMore: false }),
      [`GET ${base}?after=1004&limit=200`]: page([fromMaya(5000)]),
      [`GET /chat/conversations/${CONVERSATION_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
    });
    const { socket } = renderChat('/p/maya?at=1000');

    await waitFor(() => expect(shownSeqs()).toEqual([998, 999, 1000, 1001, 1002]));
    expect(screen.getAllByTestId('message')[2]).toHaveAttribute('data-focused', 'true');
    // The link did its job: a reload opens at the newest messages.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/p\/maya$/));
    expect(api.callsTo(`GET ${base}?page=1&limit=50`)).toHaveLength(0);

    act(() => socket.serverSends('message:received', fromMaya(5000)));
    expect(shownSeqs()).toEqual([998, 999, 1000, 1001, 1002]);

    act(() => socket.serverSends('message:reaction', { conversationId: CONVERSATION_ID, messageId: fromMaya(1000).id, emoji: '🎉', agent: { id: maya.id, firstName: 'Maya', lastName: 'Chen' }, reacted: true }));
    expect(within(screen.getAllByTestId('message')[2]!).getByRole('button', { name: 'Maya Chen reacted with 🎉 (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load newer messages' }));
    await waitFor(() => expect(shownSeqs()).toEqual([998, 999, 1000, 1001, 1002, 1003, 1004, 5000]));
    expect(screen.queryByRole('button', { name: 'Load newer messages' })).not.toBeInTheDocument();

    // At the end, the list is live again.
    act(() => socket.serverSends('message:received', fromMaya(5001)));
    expect(shownSeqs().at(-1)).toBe(5001);
  });

  it('sending from the window first shows the newest messages, then the message below them', async () => {
    const api = stubApi({
      ...chatStartCalls(maya, conversation),
      [`GET ${base}?around=1000&limit=50`]: page(seqs(999, 1001), { hasMore: true, hasNewer: true }),
      [`GET ${base}?page=1&limit=50`]: page(seqs(4999, 5000), { hasMore: true }),
      [`GET ${base}?after=5000&limit=200`]: page([]),
      [`GET /chat/conversations/${CONVERSATION_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
    });
    // The open socket stores the message and acks it (message:send).
    renderChat('/p/maya?at=1000', (payload) => ({
      ok: true,
      created: true,
      participantMessage: { ...fromMaya(5001), content: `message 5001 ${payload.content}`, clientMessageId: payload.clientMessageId ?? null, sender: { id: me.agentId, firstName: 'Ada', lastName: 'Lovelace', role: 'user' as const, avatarUrl: '', isAgent: false } },
    }));
    await waitFor(() => expect(shownSeqs()).toEqual([999, 1000, 1001]));

    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, 'hello from the past{Enter}');
    await waitFor(() => expect(shownSeqs()).toEqual([4999, 5000, 5001]));
    expect(api.callsTo(`GET ${base}?page=1&limit=50`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load newer messages' })).not.toBeInTheDocument();
  });
});
