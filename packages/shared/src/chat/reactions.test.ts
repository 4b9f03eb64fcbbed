import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TChatMessage } from '../schemas/chat';
import { chatListReducer, createChatListState, type ChatListAction, type ChatListState } from './message-list';
import { applyReaction, hasReacted, isReactionEmoji, REACTION_PALETTE } from './reactions';

const T0 = Date.UTC(2026, 0, 1, 12);
const who = (id: string) => ({ id, firstName: id, lastName: '' });
const message = (seq: number, overrides: Partial<TChatMessage> = {}): TChatMessage => ({
  id: `m${seq}`,
  conversationId: 'c1',
  seq,
  content: `message ${seq}`,
  timestamp: new Date(T0 + seq * 1000).toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: 'other', firstName: 'O', lastName: '', role: 'user', avatarUrl: '', isAgent: false },
  attachments: [],
  ...overrides,
});
const run = (actions: ChatListAction[], state: ChatListState = createChatListState('self')) => actions.reduce(chatListReducer, state);

describe('isReactionEmoji', () => {
  it('takes one emoji grapheme, whatever its length', () => {
    for (const emoji of [...REACTION_PALETTE, '👩🏽‍💻', '🇫🇷', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '❤', '🫠']) expect(isReactionEmoji(emoji), emoji).toBe(true);
  });
  it('refuses text, two emojis, digits, spaces and the empty string', () => {
    for (const value of ['', 'a', '1', '#', '👍👍', '👍 ', ' ', ':+1:', '<b>', '\u0000']) expect(isReactionEmoji(value), JSON.stringify(value)).toBe(false);
  });
});

describe('applyReaction', () => {
  const add = (agent: string, emoji = '👍') => ({ emoji, agent: who(agent), reacted: true });
  const remove = (agent: string, emoji = '👍') => ({ emoji, agent: who(agent), reacted: false });

  it('counts who reacted, in order, and drops an emoji nobody uses any more', () => {
    let reactions = applyReaction(undefined, add('ann'));
    reactions = applyReaction(reactions, add('bo'));
    reactions = applyReaction(reactions, add('bo', '🎉'));
    expect(reactions).toEqual([
      { emoji: '👍', count: 2, agents: [who('ann'), who('bo')] },
      { emoji: '🎉', count: 1, agents: [who('bo')] },
    ]);
    expect(hasReacted(reactions![0]!, 'bo')).toBe(true);
    reactions = applyReaction(reactions, remove('ann'));
    reactions = applyReaction(reactions, remove('bo'));
    expect(reactions).toEqual([{ emoji: '🎉', count: 1, agents: [who('bo')] }]);
    expect(applyReaction(reactions, remove('bo', '🎉'))).toBeUndefined();
  });

  it('ends in the same counts whatever order changes by different people arrive in, and repeats change nothing', () => {
    const changes = fc.array(fc.record({ agent: fc.constantFrom('a', 'b', 'c'), emoji: fc.constantFrom('👍', '🎉') }), { maxLength: 12 });
    fc.assert(
      fc.property(changes, fc.boolean(), (list, reacted) => {
        // One change per (agent, emoji): the last word of each person on each emoji.
        const unique = [...new Map(list.map((c) => [`${c.agent}${c.emoji}`, c])).values()];
        const forward = unique.reduce((r, c) => applyReaction(r, { emoji: c.emoji, agent: who(c.agent), reacted }), undefined as ReturnType<typeof applyReaction>);
        const twice = [...unique, ...unique].reverse().reduce((r, c) => applyReaction(r, { emoji: c.emoji, agent: who(c.agent), reacted }), undefined as ReturnType<typeof applyReaction>);
        const summary = (r: typeof forward) => Object.fromEntries((r ?? []).map((x) => [x.emoji, x.agents.map((a) => a.id).sort()]));
        expect(summary(twice)).toEqual(summary(forward));
      }),
    );
  });
});

describe('chat list reducer: reactions and a window around an older message', () => {
  it('applies a reaction event to the message it names, and ignores one for a message it does not hold', () => {
    const state = run([
      { type: 'loaded', messages: [message(1), message(2)], hasMore: false },
      { type: 'reaction', event: { messageId: 'm2', emoji: '👍', agent: who('bo'), reacted: true } },
      { type: 'reaction', event: { messageId: 'm9', emoji: '👍', agent: who('bo'), reacted: true } },
    ]);
    expect(state.messages[1]!.reactions).toEqual([{ emoji: '👍', count: 1, agents: [who('bo')] }]);
    const cleared = chatListReducer(state, { type: 'reaction', event: { messageId: 'm2', emoji: '👍', agent: who('bo'), reacted: false } });
    expect(cleared.messages[1]).not.toHaveProperty('reactions');
  });

  it('shows a deleted message in place when its update arrives', () => {
    const state = run([
      { type: 'loaded', messages: [message(1), message(2)], hasMore: false },
      { type: 'updated', message: message(1, { content: '', deleted: true }) },
    ]);
    expect(state.messages.map((m) => [m.id, m.content, m.deleted])).toEqual([
      ['m1', '', true],
      ['m2', 'message 2', undefined],
    ]);
  });

  it('holds live messages back while newer ones are missing, and takes them with the newer pages', () => {
    const opened = run([{ type: 'loaded', messages: [message(10), message(11)], hasMore: true, hasNewer: true }]);
    expect(opened.hasNewer).toBe(true);
    const live = chatListReducer(opened, { type: 'received', message: message(500) });
    expect(live.messages.map((m) => m.seq)).toEqual([10, 11]);
    const more = chatListReducer(live, { type: 'newerLoaded', messages: [message(12), message(13)], hasMore: true });
    expect(more.hasNewer).toBe(true);
    const end = chatListReducer(more, { type: 'newerLoaded', messages: [message(14), message(500)], hasMore: false });
    expect(end.messages.map((m) => m.seq)).toEqual([10, 11, 12, 13, 14, 500]);
    expect(end.hasNewer).toBe(false);
    expect(chatListReducer(end, { type: 'received', message: message(501) }).messages.at(-1)!.seq).toBe(501);
    // Loading the newest page again closes the window.
    expect(run([{ type: 'loaded', messages: [message(501)], hasMore: true }], opened).hasNewer).toBe(false);
  });
});
