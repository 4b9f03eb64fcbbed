import type { TMessageReaction, TReactionAgent } from '../schemas/responses/chat';

// The single-emoji rule is checked by the request schema too, which may not import chat rules.
export { isReactionEmoji, MAX_DISTINCT_REACTIONS, REACTION_EMOJI_MAX_LENGTH } from '../schemas/reaction-rules';

/** The reactions the picker offers first; any other single emoji is accepted too (checked by isReactionEmoji). */
export const REACTION_PALETTE = ['👍', '❤️', '😂', '🎉', '😮', '👀'] as const;
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
