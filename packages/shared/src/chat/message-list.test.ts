import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '../schemas/chat';
import {
  chatListReducer,
  createChatListState,
  createPendingMessage,
  hasSeqGap,
  lastConfirmedSeq,
  seenStatusOf,
  type ChatListAction,
  type ChatListState,
} from './message-list';

const SELF = 'self-agent';
const OTHER = 'other-agent';
const T0 = Date.UTC(2026, 0, 1, 12);
const sender = (id: string) => ({ id, firstName: id, lastName: '', role: 'user' as const, avatarUrl: `/a/${id}`, isAgent: false });
const agent = (id: string) => ({ id, firstName: id, lastName: '', avatarUrl: `/a/${id}` });

function serverMessage(seq: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id: `m${seq}`,
    conversationId: 'c1',
    seq,
    content: `message ${seq}`,
    timestamp: new Date(T0 + seq * 1000).toISOString(),
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId: null,
    sender: sender(OTHER),
    attachments: [],
    ...overrides,
  };
}

const run = (actions: ChatListAction[], state: ChatListState = createChatListState(SELF)) => actions.reduce(chatListReducer, state);
const ids = (state: ChatListState) => state.messages.map((m) => m.id);

describe('chat list reducer: sending', () => {
  const pending = createPendingMessage({ conversationId: 'c1', clientMessageId: 'cm1', content: 'hi', sender: sender(SELF), now: new Date(T0 + 10_000) });

  it('shows a pending message at once and swaps in the confirmed one by clientMessageId', () => {
    const started = run([{ type: 'loaded', messages: [serverMessage(1)], hasMore: false }, { type: 'sendStarted', message: pending }]);
    expect(started.messages.at(-1)).toMatchObject({ id: 'cm1', pending: true });
    const confirmed = chatListReducer(started, {
      type: 'sendConfirmed',
      clientMessageId: 'cm1',
      message: serverMessage(2, { id: 'real', content: 'hi', clientMessageId: 'cm1', sender: sender(SELF) }),
    });
    expect(ids(confirmed)).toEqual(['m1', 'real']);
    expect(confirmed.messages[1]).toMatchObject({ confirmed: true });
    expect(confirmed.messages[1]!.pending).toBeUndefined();
  });

  it('removes the pending message on failure', () => {
    const state = run([{ type: 'sendStarted', message: pending }, { type: 'sendFailed', clientMessageId: 'cm1' }]);
    expect(state.messages).toEqual([]);
  });

  it('does not duplicate when the socket echo arrives before the HTTP answer', () => {
    const echo = serverMessage(2, { id: 'real', content: 'hi', clientMessageId: 'cm1', sender: sender(SELF) });
    const state = run([
      { type: 'sendStarted', message: pending },
      { type: 'received', message: echo },
      { type: 'sendConfirmed', clientMessageId: 'cm1', message: echo },
    ]);
    expect(ids(state)).toEqual(['real']);
  });

  it('replaces a pending message with an incoming one of the same content and sender within 5 s', () => {
    const near = serverMessage(2, { id: 'near', content: 'hi', sender: sender(SELF), timestamp: new Date(T0 + 14_000).toISOString() });
    expect(ids(run([{ type: 'sendStarted', message: pending }, { type: 'received', message: near }]))).toEqual(['near']);
    const far = { ...near, id: 'far', timestamp: new Date(T0 + 16_000).toISOString() };
    expect(ids(run([{ type: 'sendStarted', message: pending }, { type: 'received', message: far }]))).toEqual(['cm1', 'far']);
    const otherText = { ...near, id: 'other', content: 'hello' };
    expect(run([{ type: 'sendStarted', message: pending }, { type: 'received', message: otherText }]).messages).toHaveLength(2);
  });
});

describe('chat list reducer: incoming and paging', () => {
  it('ignores duplicates by id and inserts others in timestamp order', () => {
    const state = run([
      { type: 'loaded', messages: [serverMessage(1), serverMessage(3)], hasMore: true },
      { type: 'received', message: serverMessage(2) },
      { type: 'received', message: serverMessage(3, { content: 'changed?' }) },
    ]);
    expect(ids(state)).toEqual(['m1', 'm2', 'm3']);
    expect(state.messages[2]!.content).toBe('message 3');
  });

  it('discards messages lacking id, sender or content', () => {
    const { id: _id, ...noId } = serverMessage(1);
    const { sender: _s, ...noSender } = serverMessage(2);
    const { content: _c, ...noContent } = serverMessage(3);
    const state = run([{ type: 'loaded', messages: [noId, noSender, noContent, null, 'x', serverMessage(4)], hasMore: false }]);
    expect(ids(state)).toEqual(['m4']);
    expect(chatListReducer(state, { type: 'received', message: noSender })).toBe(state);
  });

  it('prepends older pages, merges gap-fill and reports the last confirmed seq', () => {
    const state = run([
      { type: 'loaded', messages: [serverMessage(51), serverMessage(52)], hasMore: true },
      { type: 'olderLoaded', messages: [serverMessage(49), serverMessage(50)], hasMore: false },
      { type: 'gapFilled', messages: [serverMessage(52), serverMessage(53), serverMessage(54)] },
    ]);
    expect(ids(state)).toEqual(['m49', 'm50', 'm51', 'm52', 'm53', 'm54']);
    expect(state.hasMore).toBe(false);
    expect(lastConfirmedSeq(state)).toBe(54);
  });

  it('applies edits in place', () => {
    const state = run([
      { type: 'loaded', messages: [serverMessage(1), serverMessage(2)], hasMore: false },
      { type: 'updated', message: serverMessage(1, { content: 'fixed', isEdited: true }) },
    ]);
    expect(state.messages[0]).toMatchObject({ id: 'm1', content: 'fixed', isEdited: true });
  });

  it('ends in the same sorted, duplicate-free list whatever the arrival order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 80 }), (seqs) => {
        const state = run(seqs.map((seq) => ({ type: 'received', message: serverMessage(seq) }) as ChatListAction));
        const expected = [...new Set(seqs)].sort((a, b) => a - b).map((s) => `m${s}`);
        expect(ids(state)).toEqual(expected);
      }),
    );
  });

  it('is idempotent for repeated gap-fills and loads', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 30 }), (seqs) => {
        const messages = seqs.map((s) => serverMessage(s));
        const once = run([{ type: 'gapFilled', messages }]);
        expect(chatListReducer(once, { type: 'gapFilled', messages })).toEqual(once);
      }),
    );
  });
});

describe('chat list reducer: seq gaps (decision 0030)', () => {
  const loaded = (seqs: number[], more: { hasNewer?: boolean } = {}): ChatListAction => ({
    type: 'loaded',
    messages: seqs.map((seq) => serverMessage(seq)),
    hasMore: false,
    ...more,
  });
  const received = (seq: number): ChatListAction => ({ type: 'received', message: serverMessage(seq) });

  it('sees no gap while messages come in a row, and one when a seq is skipped, until a gap-fill brings it', () => {
    const inRow = run([loaded([1, 2]), received(3)]);
    expect([hasSeqGap(inRow), inRow.syncedSeq]).toEqual([false, 3]);
    const skipped = chatListReducer(inRow, received(5));
    expect([hasSeqGap(skipped), skipped.syncedSeq]).toEqual([true, 3]);
    // Another live message does not close it; the fill (after=3) does, and the list is whole.
    const later = chatListReducer(skipped, received(6));
    expect(hasSeqGap(later)).toBe(true);
    const filled = chatListReducer(later, { type: 'gapFilled', messages: [serverMessage(4), serverMessage(5), serverMessage(6)] });
    expect([hasSeqGap(filled), filled.syncedSeq]).toEqual([false, 6]);
    expect(ids(filled)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('takes a gap-fill page as whole even when it skips seqs the server no longer has', () => {
    const state = run([loaded([1, 2]), received(9), { type: 'gapFilled', messages: [serverMessage(8), serverMessage(9)] }]);
    expect([hasSeqGap(state), state.syncedSeq]).toEqual([false, 9]);
  });

  it('sees no gap at the start: older messages not loaded, or removed by retention', () => {
    const state = run([loaded([10, 11, 12]), { type: 'removed', messageIds: ['m10', 'm11', 'm12'] }, received(13)]);
    expect([hasSeqGap(state), state.syncedSeq]).toEqual([false, 13]);
  });

  it('remembers up to where retention removed history: from the load, raised by a removal, kept by a reload of the newest page', () => {
    const opened = run([{ type: 'loaded', messages: [serverMessage(5), serverMessage(6)], hasMore: false, removedThroughSeq: 4 }]);
    expect(opened.removedThroughSeq).toBe(4);
    const trimmed = run([{ type: 'removed', messageIds: ['m5'], throughSeq: 5 }, { type: 'removed', messageIds: [], throughSeq: 3 }], opened);
    expect([trimmed.removedThroughSeq, ids(trimmed)]).toEqual([5, ['m6']]);
    expect(run([{ type: 'loaded', messages: [serverMessage(6)], hasMore: false }], trimmed).removedThroughSeq).toBe(5);
    expect(run([loaded([1, 2])]).removedThroughSeq).toBe(0);
  });

  it('counts a deleted message in the row, and no pending echo (it has no seq yet)', () => {
    const pending = createPendingMessage({ conversationId: 'c1', clientMessageId: 'cm1', content: 'hi', sender: sender(SELF), now: new Date(T0 + 3_500) });
    const state = run([
      { type: 'loaded', messages: [serverMessage(1), serverMessage(2, { content: '', deleted: true })], hasMore: false },
      { type: 'sendStarted', message: pending },
    ]);
    expect([hasSeqGap(state), state.syncedSeq]).toEqual([false, 2]);
    // Confirmed with seq 4: seq 3 never came.
    const confirmed = chatListReducer(state, {
      type: 'sendConfirmed',
      clientMessageId: 'cm1',
      message: serverMessage(4, { id: 'mine', content: 'hi', clientMessageId: 'cm1', sender: sender(SELF) }),
    });
    expect([hasSeqGap(confirmed), confirmed.syncedSeq]).toEqual([true, 2]);
  });

  it('sees no gap in a window around an older message, nor in an empty conversation’s first message', () => {
    expect(hasSeqGap(run([loaded([4, 5, 6], { hasNewer: true }), received(40)]))).toBe(false);
    const first = run([loaded([]), received(1)]);
    expect([hasSeqGap(first), first.syncedSeq]).toEqual([false, 1]);
    expect(hasSeqGap(run([loaded([]), received(3)]))).toBe(true);
  });

  it('ends whole and without a gap, whatever live messages arrived in whatever order, after one gap-fill', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 30 }), (loadedUpTo, live) => {
        const newest = Math.max(loadedUpTo, ...live);
        const everything = Array.from({ length: newest }, (_, i) => serverMessage(i + 1));
        const state = run([loaded(Array.from({ length: loadedUpTo }, (_, i) => i + 1)), ...live.map(received)]);
        const missed = everything.filter((m) => m.seq > state.syncedSeq);
        const filled = chatListReducer(state, { type: 'gapFilled', messages: missed });
        expect(hasSeqGap(filled)).toBe(false);
        expect(ids(filled)).toEqual(everything.map((m) => m.id));
      }),
    );
  });
});

describe('chat list reducer: seen and typing', () => {
  it('takes seen markers from seenStatus and moves another agent’s marker; own seen events are ignored', () => {
    let state = run([
      { type: 'loaded', messages: [serverMessage(1), serverMessage(2)], hasMore: false, seenStatus: { m1: [agent(OTHER), agent(SELF)] } },
    ]);
    expect(seenStatusOf(state)).toEqual({ m1: [agent(OTHER)] });
    state = chatListReducer(state, { type: 'seen', event: { agentId: OTHER, messageId: 'm2', agent: agent(OTHER) } });
    expect(seenStatusOf(state)).toEqual({ m2: [agent(OTHER)] });
    expect(chatListReducer(state, { type: 'seen', event: { agentId: SELF, messageId: 'm2', agent: agent(SELF) } })).toBe(state);
  });

  it('clears typing on typing-stopped or a message from that agent, and ignores own typing', () => {
    const typing = run([{ type: 'typing', event: { agentId: OTHER, agent: agent(OTHER), isTyping: true } }]);
    expect(Object.keys(typing.typing)).toEqual([OTHER]);
    expect(chatListReducer(typing, { type: 'typing', event: { agentId: OTHER, agent: agent(OTHER), isTyping: false } }).typing).toEqual({});
    expect(chatListReducer(typing, { type: 'received', message: serverMessage(1) }).typing).toEqual({});
    expect(run([{ type: 'typing', event: { agentId: SELF, agent: agent(SELF), isTyping: true } }]).typing).toEqual({});
  });
});
