import { and, countDistinct, eq, ne } from 'drizzle-orm';
import { CHAT_ERRORS, MAX_DISTINCT_REACTIONS, type TChatMessage } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { messageColumns, messageReactions, messages } from '../db/schema';
import { assertMessageParticipant } from './chat-access';
import { presentReactionAgent } from './chat-presenters';
import { findAgent } from './chat-repo';
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
    let changed: boolean;
    if (reacted) {
      const [locked] = await tx.select({ deletedAt: messages.deletedAt }).from(messages).where(eq(messages.id, messageId)).for('update');
      if (locked?.deletedAt) throw conflict(CHAT_ERRORS.messageDeleted);
      const [others] = await tx
        .select({ count: countDistinct(messageReactions.emoji) })
        .from(messageReactions)
        .where(and(eq(messageReactions.messageId, messageId), ne(messageReactions.emoji, emoji)));
      if ((others?.count ?? 0) >= MAX_DISTINCT_REACTIONS) throw conflict(CHAT_ERRORS.tooManyReactions);
      const inserted = await tx.insert(messageReactions).values({ messageId, agentId, emoji }).onConflictDoNothing().returning({ id: messageReactions.id });
      changed = inserted.length > 0;
    } else {
      const removed = await tx
        .delete(messageReactions)
        .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.agentId, agentId), eq(messageReactions.emoji, emoji)))
        .returning({ id: messageReactions.id });
      changed = removed.length > 0;
    }
    if (changed)
      ctx.events.publish('message.reaction', { conversationId: message.conversationId, messageId, emoji, agent: presentReactionAgent(agent), reacted });
  });

  const [current] = await ctx.db.select(messageColumns).from(messages).where(eq(messages.id, messageId));
  const [presented] = await presentMessageRows(ctx, [current!]);
  return presented!;
}
