import type { TMessageReaction, TReactionAgent } from '../schemas/responses/chat';

/** The reactions the picker offers first; any other single emoji is accepted too (checked by isReactionEmoji). */
export const REACTION_PALETTE = ['👍', '❤️', '😂', '🎉', '😮', '👀'] as const;
/** Different emojis one message can carry; reacting with one more is refused (409). */
export const MAX_DISTINCT_REACTIONS = 20;
/** UTF-16 code units of the longest emoji accepted (a family or a subdivision flag fits). */
export const REACTION_EMOJI_MAX_LENGTH = 32;

let rgiEmoji: RegExp | null | undefined;
/** `\p{RGI_Emoji}` needs the `v` flag (Node 20, browsers since 2023); without it, one pictograph. */
function emojiPattern(): RegExp | null {
  if (rgiEmoji === undefined) {
    try {
      rgiEmoji = new RegExp('^(?:\\p{RGI_Emoji}|\\p{Extended_Pictographic}\\uFE0F?)$', 'v');
    } catch {
      rgiEmoji = null;
    }
  }
  return rgiEmoji;
}

/** Exactly one emoji grapheme (👍, ❤️, 👩🏽‍💻, 🇫🇷, 1️⃣): no text, no two emojis, no bare digit or '#'. */
export function isReactionEmoji(value: string): boolean {
  if (!value || value.length > REACTION_EMOJI_MAX_LENGTH) return false;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  if (graphemes.length !== 1) return false;
  return emojiPattern()?.test(value) ?? /^\p{Extended_Pictographic}\uFE0F?$/u.test(value);
}

/** Whether `agentId` is among those who reacted with this emoji (the UI's "mine" state). */
export const hasReacted = (reaction: TMessageReaction, agentId: string) => reaction.agents.some((a) => a.id === agentId);

/**
 * One reaction added or removed, applied to a message's reactions. Applying the same change twice
 * changes nothing, and changes by different agents commute, so socket events may arrive in any order.
 */
export function applyReaction(
  reactions: readonly TMessageReaction[] | undefined,
  change: { emoji: string; agent: TReactionAgent; reacted: boolean },
): TMessageReaction[] | undefined {
  const list = reactions ?? [];
  const index = list.findIndex((r) => r.emoji === change.emoji);
  const current = list[index];
  const had = current ? hasReacted(current, change.agent.id) : false;
  if (had === change.reacted) return reactions as TMessageReaction[] | undefined;
  if (change.reacted) {
    const next = current
      ? { ...current, count: current.count + 1, agents: [...current.agents, change.agent] }
      : { emoji: change.emoji, count: 1, agents: [change.agent] };
    return current ? list.map((r, i) => (i === index ? next : r)) : [...list, next];
  }
  const agents = current!.agents.filter((a) => a.id !== change.agent.id);
  const next = agents.length ? list.map((r, i) => (i === index ? { ...r, count: agents.length, agents } : r)) : list.filter((_, i) => i !== index);
  return next.length ? next : undefined;
}
