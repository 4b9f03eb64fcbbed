import { CHAT_ERRORS, MAX_DISTINCT_REACTIONS, type TChatMessage } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertMessageParticipant } from './chat-access';
import { presentReactionAgent } from './chat-presenters';
import { findAgent, findMessage } from './chat-repo';
import { countOtherEmojis, deleteReaction, insertReaction, lockMessageDeletedState } from './reaction-repo';
import { presentMessageRows } from './chat-views';

/**
 * Adds (`reacted`) or removes the caller's `emoji` on a message of a conversation they may use (else
 * the 404 of an unknown message). One row per (message, agent, emoji): adding twice or removing
 * twice changes nothing and announces nothing; a change goes out as `message.reaction` after commit.
 * Adding locks the message row, so a concurrent delete either waits for it or wins (409), and the
 * cap on different emojis holds.
 */
export async function setReaction(ctx: AppContext, agentId: string, messageId: string, emoji: string, reacted: boolean): Promise<TChatMessage> {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (message.deletedAt) throw conflict(CHAT_ERRORS.messageDeleted);
  const agent = (await findAgent(ctx.db, agentId))!;

  await inTransaction(ctx.db, async (tx) => {
    const reaction = { messageId, agentId, emoji };
    let changed: boolean;
    if (reacted) {
      const locked = await lockMessageDeletedState(tx, messageId);
      if (locked?.deletedAt) throw conflict(CHAT_ERRORS.messageDeleted);
      if ((await countOtherEmojis(tx, messageId, emoji)) >= MAX_DISTINCT_REACTIONS) throw conflict(CHAT_ERRORS.tooManyReactions);
      changed = await insertReaction(tx, reaction);
    } else {
      changed = await deleteReaction(tx, reaction);
    }
    if (changed)
      ctx.events.publish('message.reaction', { conversationId: message.conversationId, messageId, emoji, agent: presentReactionAgent(agent), reacted });
  });

  const current = await findMessage(ctx.db, messageId);
  const [presented] = await presentMessageRows(ctx, [current!]);
  return presented!;
}
