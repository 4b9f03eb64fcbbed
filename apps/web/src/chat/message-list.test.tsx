import type { ReactNode, Ref } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_PAGE_SIZE, type TListMessage, type TSeenAgent, type TSeenStatus } from '@agentroom/shared';
import { FakeConversation, type FakeConversationValues } from '../test/fake-conversation';
import { makeAgent } from '../test/room-fixtures';
import { makeConversation } from '../test/inbox-fixtures';
import { MessageList } from './message-list';
import { SeenBy } from './seen-by';
import { loadVirtualList } from './virtual-list';

const SELF = 'self-agent';
const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2025-03-20T12:00:00Z');

const person = (id: string, firstName: string): TSeenAgent => ({ id, firstName, lastName: 'Test', avatarUrl: '' });

function message(id: string, at: number, senderId = SELF, extra: Partial<TListMessage> = {}): TListMessage {
  return {
    id,
    conversationId: 'c',
    seq: at,
    content: `message ${id}`,
    timestamp: new Date(at).toISOString(),
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId: null,
    sender: { id: senderId, firstName: senderId === SELF ? 'Ada' : 'Maya', lastName: 'Test', role: 'user', avatarUrl: '', isAgent: false },
    attachments: [],
    ...extra,
  };
}

// A chat opens as a plain list (tail-list.tsx) and hands over to Virtuoso for a long history. jsdom
// has no layout, so Virtuoso cannot position a list that starts at its end: a plain list stands in,
// rendering every item through the same itemContent and Header (the browser journeys exercise the
// real one). It hands the test its scroll callbacks and records scroll requests.
const virtuoso = vi.hoisted(() => ({
  atBottomStateChange: undefined as ((atBottom: boolean) => void) | undefined,
  scrollToIndex: [] as unknown[],
}));
vi.mock('react-virtuoso', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    Virtuoso: function VirtuosoStub<T, C>(props: {
      ref?: Ref<unknown>;
      data: T[];
      context: C;
      firstItemIndex?: number;
      initialTopMostItemIndex?: unknown;
      components?: { Header?: (p: { context: C }) => ReactNode; Footer?: (p: { context: C }) => ReactNode };
      itemContent: (index: number, item: T) => ReactNode;
      computeItemKey: (index: number, item: T) => string;
      atBottomStateChange?: (atBottom: boolean) => void;
    }) {
      useImperativeHandle(props.ref, () => ({ scrollToIndex: (location: unknown) => virtuoso.scrollToIndex.push(location), autoscrollToBottom: () => {} }));
      virtuoso.atBottomStateChange = props.atBottomStateChange;
      const { Header, Footer } = props.components ?? {};
      const first = props.firstItemIndex ?? 0;
      return (
        <div data-testid="virtuoso" data-first-item-index={first} data-initial-item={JSON.stringify(props.initialTopMostItemIndex)}>
          {Header && <Header context={props.context} />}
          {props.data.map((item, i) => (
            <div key={props.computeItemKey(first + i, item)}>{props.itemContent(first + i, item)}</div>
          ))}
          {Footer && <Footer context={props.context} />}
        </div>
      );
    },
  };
});

function listValues(values: FakeConversationValues) {
  return {
    selfId: SELF,
    agent: person('maya', 'Maya'),
    loadOlder: vi.fn(async () => {}),
    edit: vi.fn(async () => {}),
    regenerate: vi.fn(),
    stopReply: vi.fn(),
    markRead: vi.fn(),
    ...values,
  };
}

/** The list of a 1:1 chat with Maya, with these values. */
const listOf = (values: FakeConversationValues) => (
  <FakeConversation values={listValues(values)}>
    <MessageList />
  </FakeConversation>
);

function renderList(values: FakeConversationValues) {
  const all = listValues(values);
  render(
    <FakeConversation values={all}>
      <MessageList />
    </FakeConversation>,
  );
  return all;
}

/** A history longer than the plain list holds (two pages and one). */
const longHistory = (senderId = 'maya') =>
  Array.from({ length: 2 * MESSAGE_PAGE_SIZE + 1 }, (_, i) => message(`h${i}`, NOW - 1000 * HOUR + i * 120_000, senderId));
const virtualList = () => screen.queryByTestId('virtuoso');
const firstItemIndex = () => Number(screen.getByTestId('virtuoso').dataset.firstItemIndex);
const initialItem = () => JSON.parse(screen.getByTestId('virtuoso').dataset.initialItem ?? 'null') as unknown;

/** Scrolls the plain list, which runs bottom-up: 0 is the newest message, negative is above it. */
function scrollPlainList(top: number) {
  const region = screen.getByRole('region', { name: 'Messages' });
  act(() => {
    region.scrollTop = top;
    fireEvent.scroll(region);
  });
  return region;
}

// The virtual list's code loads on demand in the app; here it is in before the first render, as after a
// chat's idle preload (the browser journeys open one before it is).
beforeAll(() => loadVirtualList());

describe('MessageList', () => {
  it('opens as a plain list; an older page hands over to the virtual list at the message that was on top, which then never jumps', () => {
    const page1 = [message('m3', NOW + 3000), message('m4', NOW + 4000)];
    const { rerender } = render(listOf({ messages: page1 }));
    expect(virtualList()).toBeNull();
    expect(screen.getAllByTestId('message')).toHaveLength(2);

    const withOlder = [message('m1', NOW + 1000), message('m2', NOW + 2000), ...page1];
    rerender(listOf({ messages: withOlder }));
    expect(initialItem()).toEqual({ index: 2, align: 'start' });
    const start = firstItemIndex();
    // A newer message leaves firstItemIndex alone; an older one moves it down by one (nothing on screen jumps).
    rerender(listOf({ messages: [...withOlder, message('m5', NOW + 5000)] }));
    expect(firstItemIndex()).toBe(start);
    rerender(listOf({ messages: [message('m0', NOW), ...withOlder, message('m5', NOW + 5000)] }));
    expect(firstItemIndex()).toBe(start - 1);
  });

  it('opens a long history in the virtual list, at the newest message', () => {
    renderList({ messages: longHistory() });
    expect(initialItem()).toEqual({ index: 'LAST', align: 'end' });
  });

  it('a live chat outgrowing the plain list moves to the virtual list only while the reader is at the newest message', () => {
    const history = longHistory();
    const { rerender } = render(listOf({ messages: history.slice(0, -1) }));
    expect(virtualList()).toBeNull();
    scrollPlainList(-500);
    rerender(listOf({ messages: history }));
    expect(virtualList()).toBeNull();
    scrollPlainList(0);
    expect(initialItem()).toEqual({ index: 'LAST', align: 'end' });
  });

  it('reads what arrives while scrolled up only once the reader is back at the newest message', () => {
    const onVisible = vi.fn();
    const first = [message('a', NOW, 'maya'), message('b', NOW + 1000)];
    const { rerender } = render(listOf({ messages: first, markRead: onVisible }));
    expect(onVisible).toHaveBeenLastCalledWith(first[0]);
    scrollPlainList(-500);
    const later = message('c', NOW + 2000, 'maya');
    rerender(listOf({ messages: [...first, later], markRead: onVisible }));
    expect(onVisible).not.toHaveBeenCalledWith(later);
    scrollPlainList(-20);
    expect(onVisible).toHaveBeenLastCalledWith(later);
  });

  it('one’s own message brings the plain list down to it', () => {
    const first = [message('a', NOW, 'maya')];
    const { rerender } = render(listOf({ messages: first }));
    const region = scrollPlainList(-500);
    rerender(listOf({ messages: [...first, message('b', NOW + 1000, SELF, { pending: true })] }));
    expect(region.scrollTop).toBe(0);
  });

  it('reads a message that lands at the bottom without moving the range, like an AI reply replacing its stream', () => {
    const onVisible = vi.fn();
    const theirs = message('m2', NOW + 2000, 'maya');
    const streaming = { streamId: 's1', agentId: 'maya', text: 'Thinking', attempt: 0, done: false };
    const { rerender } = render(listOf({ messages: [message('m1', NOW + 1000), theirs], streams: [streaming], markRead: onVisible }));
    expect(onVisible).toHaveBeenLastCalledWith(theirs);
    const reply = message('m3', NOW + 3000, 'maya');
    rerender(listOf({ messages: [message('m1', NOW + 1000), theirs, reply], markRead: onVisible }));
    expect(onVisible).toHaveBeenLastCalledWith(reply);
    // My own message is no reason to move my read cursor.
    rerender(listOf({ messages: [message('m1', NOW + 1000), theirs, reply, message('m4', NOW + 4000)], markRead: onVisible }));
    expect(onVisible).toHaveBeenLastCalledWith(reply);
  });

  it('shows the empty state', () => {
    renderList({});
    expect(screen.getByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Start the conversation!')).toBeInTheDocument();
  });

  it('shows the three timestamp formats: time only, weekday and time, month day and time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const old = NOW - 200 * HOUR;
    const lastWeek = NOW - 50 * HOUR;
    const today = NOW - 2 * HOUR;
    renderList({ messages: [message('a', old), message('b', lastWeek, 'maya'), message('c', today)] });
    const times = screen.getAllByTestId('message-time').map((t) => t.textContent ?? '');
    const at = (ms: number, options: Intl.DateTimeFormatOptions) => new Date(ms).toLocaleString(undefined, { hour: 'numeric', minute: '2-digit', ...options });
    expect(times).toEqual([
      at(old, { month: 'short', day: 'numeric' }),
      at(lastWeek, { weekday: 'short' }),
      new Date(today).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }),
    ]);
  });

  it('follows the clock: a message a minute short of a day old turns from its time to its weekday and time', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const sent = NOW - 24 * HOUR + 30_000;
    renderList({ messages: [message('a', sent, 'maya')] });
    const time = () => screen.getByTestId('message-time').textContent;
    expect(time()).toBe(new Date(sent).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(time()).toBe(new Date(sent).toLocaleString(undefined, { hour: 'numeric', minute: '2-digit', weekday: 'short' }));
  });

  it('groups messages from one sender within 60 s: one header and avatar for the group', () => {
    renderList({
      messages: [message('a', NOW, 'maya'), message('b', NOW + 30_000, 'maya'), message('c', NOW + 200_000, 'maya')],
    });
    expect(screen.getAllByTestId('message')).toHaveLength(3);
    expect(screen.getAllByTestId('message-time')).toHaveLength(2);
  });

  it('shows who has seen a message: up to three avatars, then +N; none on an AI agent’s message', () => {
    const seen: TSeenStatus = {
      mine: [person('p1', 'Ann'), person('p2', 'Bo'), person('p3', 'Cy'), person('p4', 'Di'), person('p5', 'Ed')],
      bot: [person('p1', 'Ann')],
    };
    const ai = message('bot', NOW + 1000, 'nova', { sender: { id: 'nova', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: '', isAgent: true } });
    renderList({ messages: [message('mine', NOW), ai], seenStatus: seen });
    const [mine, bot] = screen.getAllByTestId('message');
    const seenBy = within(mine!).getByTestId('seen-by');
    expect(within(seenBy).getByText('+2')).toBeInTheDocument();
    expect(seenBy.querySelectorAll('[aria-hidden="true"] > *')).toHaveLength(3);
    expect(within(bot!).queryByTestId('seen-by')).toBeNull();
  });

  it('SeenBy alone: exactly three shows no +N, and nobody shows nothing', () => {
    const { container, rerender } = render(<SeenBy agents={[person('a', 'A'), person('b', 'B'), person('c', 'C')]} />);
    expect(container).not.toHaveTextContent('+');
    expect(container).toHaveTextContent('Seen by A Test, B Test and C Test');
    rerender(<SeenBy agents={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Load more messages when older pages exist, and tags edited and stopped messages', async () => {
    const user = userEvent.setup();
    const props = renderList({
      hasMore: true,
      messages: [
        message('a', NOW, SELF, { isEdited: true }),
        message('b', NOW + 1000, 'nova', {
          stopped: true,
          sender: { id: 'nova', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: '', isAgent: true },
        }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Load more messages' }));
    expect(props.loadOlder).toHaveBeenCalled();
    expect(screen.getByText('edited')).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    // The newest message is the AI reply: it can be regenerated.
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(props.regenerate).toHaveBeenCalledWith('b');
  });

  it('offers no Regenerate under an external agent’s reply (it writes its own answers)', () => {
    const relay = { ...makeAgent('relay', 'relay', 'Relay', false), isExternal: true as const };
    renderList({
      conversation: makeConversation('c1', relay),
      messages: [message('a', NOW, SELF), message('b', NOW + 1000, 'relay', { sender: { id: 'relay', firstName: 'Relay', lastName: '', role: 'agent', avatarUrl: '', isAgent: true } })],
    });
    expect(screen.getByText('message b')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('shows a notice with Try again when it is retryable, and lets me edit my own message (Escape cancels)', async () => {
    const user = userEvent.setup();
    const notice = message('n', NOW + 1000, 'nova', {
      messageType: 'notice',
      content: 'The model did not answer in time.',
      notice: { code: 'timeout', retryable: true },
      sender: { id: 'nova', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: '', isAgent: true },
    });
    const props = renderList({ messages: [message('mine', NOW), notice] });
    expect(screen.getByRole('note')).toHaveTextContent('The model did not answer in time.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.regenerate).toHaveBeenCalledWith('n');

    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await user.keyboard('{Escape}');
    expect(box).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit message' }), 'changed{Enter}');
    expect(props.edit).toHaveBeenCalledWith('mine', 'changed');
  });

  it('shows a streaming reply with Stop generating, and dots before the first token', async () => {
    const user = userEvent.setup();
    const props = renderList({
      messages: [message('mine', NOW)],
      streams: [
        { streamId: 's1', agentId: 'maya', attempt: 1, text: 'Half an ans', done: false },
        { streamId: 's2', agentId: 'maya', attempt: 1, text: '', done: false },
      ],
    });
    const [first, second] = screen.getAllByTestId('streaming-reply');
    expect(first).toHaveTextContent('Half an ans');
    expect(second).not.toHaveTextContent('Half');
    await user.click(within(first!).getByRole('button', { name: 'Stop generating' }));
    expect(props.stopReply).toHaveBeenCalledWith('s1');
  });

  describe('"New messages ↓"', () => {
    const pill = () => screen.queryByRole('button', { name: 'New messages ↓' });
    const scrolledUp = () => scrollPlainList(-500);

    it('appears when someone else’s message arrives while the list is scrolled up; clicking it scrolls to the newest and hides it', async () => {
      const user = userEvent.setup();
      const first = [message('a', NOW, 'maya'), message('b', NOW + 1000)];
      const { rerender } = render(listOf({ messages: first }));
      const region = scrolledUp();
      expect(pill()).not.toBeInTheDocument();

      rerender(listOf({ messages: [...first, message('c', NOW + 2000, 'maya')] }));
      await user.click(pill()!);
      expect(region.scrollTop).toBe(0);
      expect(pill()).not.toBeInTheDocument();
    });

    it('in the virtual list too: clicking it asks the list for the newest message', async () => {
      const user = userEvent.setup();
      virtuoso.scrollToIndex = [];
      const history = longHistory();
      const { rerender } = render(listOf({ messages: history }));
      act(() => virtuoso.atBottomStateChange?.(false));
      rerender(listOf({ messages: [...history, message('new', NOW + 1000, 'maya')] }));
      await user.click(pill()!);
      expect(virtuoso.scrollToIndex).toEqual([{ index: 'LAST', align: 'end', behavior: 'smooth' }]);
      expect(pill()).not.toBeInTheDocument();
    });

    it('disappears when the reader scrolls to the bottom', () => {
      const first = [message('a', NOW, 'maya')];
      const { rerender } = render(listOf({ messages: first }));
      scrolledUp();
      rerender(listOf({ messages: [...first, message('b', NOW + 1000, 'maya')] }));
      expect(pill()).toBeInTheDocument();
      scrollPlainList(0);
      expect(pill()).not.toBeInTheDocument();
    });

    it('stays away at the bottom, for older pages, and for one’s own messages', () => {
      const page = [message('b', NOW + 1000, 'maya')];
      const { rerender } = render(listOf({ messages: page }));
      rerender(listOf({ messages: [...page, message('c', NOW + 2000, 'maya')] }));
      expect(pill()).not.toBeInTheDocument();

      scrolledUp();
      const withOlder = [message('a', NOW, 'maya'), ...page, message('c', NOW + 2000, 'maya')];
      rerender(listOf({ messages: withOlder }));
      rerender(listOf({ messages: [...withOlder, message('d', NOW + 3000, SELF, { pending: true })] }));
      rerender(listOf({ messages: [...withOlder, message('d', NOW + 3000, SELF)] }));
      expect(pill()).not.toBeInTheDocument();
    });
  });
});
