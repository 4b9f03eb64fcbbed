import { describe, expect, it } from 'vitest';
import { aiReplyClientMessageId, streamIdOfAiReply, type TMessageStreamEvent } from '@agentroom/shared';
import { applyActiveReplies, applyStreamEvent, withoutDone, withoutStored, type StreamState } from './stream-assembly';

const event = (delta: string, offset: number, extra: Partial<TMessageStreamEvent> = {}): TMessageStreamEvent => ({
  conversationId: 'c',
  streamId: 's1',
  agentId: 'nova',
  delta,
  offset,
  attempt: 1,
  done: false,
  ...extra,
});

/** Applies events in order; answers the state and whether any asked for a refetch. */
function play(events: TMessageStreamEvent[], state: StreamState = {}) {
  let refetch = false;
  for (const e of events) {
    const result = applyStreamEvent(state, e);
    state = result.state;
    refetch ||= result.needsRefetch;
  }
  return { state, refetch };
}

describe('stream assembly', () => {
  it('appends deltas in offset order', () => {
    const { state, refetch } = play([event('Hel', 0), event('lo ', 3), event('world', 6)]);
    expect(state.s1).toMatchObject({ text: 'Hello world', attempt: 1, done: false, agentId: 'nova' });
    expect(refetch).toBe(false);
  });

  it('skips a delta it already holds (a repeat), and keeps only the new tail of an overlapping one', () => {
    const { state, refetch } = play([event('Hello', 0), event('Hello', 0), event('llo!', 2), event('lo', 3)]);
    expect(state.s1!.text).toBe('Hello!');
    expect(refetch).toBe(false);
  });

  it('asks for a refetch when a delta starts past what it holds (a missed delta), without inventing text', () => {
    const { state, refetch } = play([event('Hel', 0), event('world', 6)]);
    expect(state.s1!.text).toBe('Hel');
    expect(refetch).toBe(true);
  });

  it('a stream first seen mid-way (joined late) asks for a refetch', () => {
    const { state, refetch } = play([event('world', 6)]);
    expect(state.s1!.text).toBe('');
    expect(refetch).toBe(true);
  });

  it('deltas past a gap are kept, and added once the text so far reaches them (a reader on another node than the writer)', () => {
    // Joined mid-reply: the deltas come before GET /replies answers, and its text so far (saved by the
    // writing node every 250 ms) ends before the newest of them.
    const joined = play([event('lo ', 3), event('wor', 6)]);
    expect(joined.refetch).toBe(true);
    const snapshot = applyActiveReplies(joined.state, [{ streamId: 's1', agentId: 'nova', status: 'running', attempt: 1, content: 'Hello ' }]);
    expect(snapshot.s1!.text).toBe('Hello wor');
    // The next delta follows on, with no refetch.
    const next = play([event('ld', 9)], snapshot);
    expect(next).toMatchObject({ refetch: false, state: { s1: { text: 'Hello world' } } });
    // Kept deltas go with a new attempt.
    const restarted = play([event('Again', 0, { attempt: 2 })], joined.state);
    expect(applyActiveReplies(restarted.state, [{ streamId: 's1', agentId: 'nova', status: 'running', attempt: 2, content: 'Again' }]).s1!.text).toBe('Again');
  });

  it('a gap closed by a delta of its own adds the kept deltas after it', () => {
    const { state, refetch } = play([event('Hel', 0), event('world', 6), event('lo ', 3)]);
    expect(refetch).toBe(true);
    expect(state.s1!.text).toBe('Hello world');
  });

  it('a higher attempt restarts the text; a lower one is ignored', () => {
    const { state } = play([event('Old text', 0), event('New', 0, { attempt: 2 }), event(' stale', 8, { attempt: 1 }), event(' one', 3, { attempt: 2 })]);
    expect(state.s1).toMatchObject({ text: 'New one', attempt: 2 });
  });

  it('done marks the reply finished and keeps its text', () => {
    const { state } = play([event('All', 0), event('', 3, { done: true })]);
    expect(state.s1).toMatchObject({ text: 'All', done: true });
  });

  it('GET /replies wins when it is longer or a later attempt, and marks replies no longer active as done', () => {
    const held = play([event('Hel', 0)]).state;
    const other = play([event('Bye', 0, { streamId: 's2' })]).state;
    const next = applyActiveReplies({ ...held, ...other }, [{ streamId: 's1', agentId: 'nova', status: 'running', attempt: 1, content: 'Hello wor' }]);
    expect(next.s1).toMatchObject({ text: 'Hello wor', done: false });
    expect(next.s2).toMatchObject({ text: 'Bye', done: true });
    // Shorter text of the same attempt does not move us back.
    expect(applyActiveReplies(next, [{ streamId: 's1', agentId: 'nova', status: 'running', attempt: 1, content: 'He' }]).s1!.text).toBe('Hello wor');
    // Queued replies show up (empty) so the bubble can show dots.
    expect(applyActiveReplies({}, [{ streamId: 's3', agentId: 'nova', status: 'queued', attempt: 0, content: '' }]).s3).toMatchObject({ text: '' });
  });

  it('the stored reply (clientMessageId ai-reply:<streamId>) replaces the streaming one', () => {
    expect(aiReplyClientMessageId('s1')).toBe('ai-reply:s1');
    expect(streamIdOfAiReply('ai-reply:s1')).toBe('s1');
    expect(streamIdOfAiReply('c0ffee')).toBeUndefined();
    expect(streamIdOfAiReply(null)).toBeUndefined();
    const state = play([event('Hi', 0), event('Yo', 0, { streamId: 's2', done: true })]).state;
    expect(Object.keys(withoutStored(state, new Set(['s1'])))).toEqual(['s2']);
    expect(Object.keys(withoutDone(state))).toEqual(['s1']);
    expect(withoutStored(state, new Set())).toBe(state);
  });
});
