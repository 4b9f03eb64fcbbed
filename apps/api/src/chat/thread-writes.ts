import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { findFollowerIds, setFollowing } from './thread-repo';
import { findThreadSummaries } from './thread-summaries';

/**
 * A reply's side effects inside its transaction (decision 0026): its sender and the members it
 * @mentions follow the thread; answers who hears `conversation:message` for it — the followers among
 * the thread's usable members, so a thread's replies are unread and notify only those who follow it.
 */
export async function followOnReply(tx: Tx, thread: ConversationRow, senderId: string, mentionedIds: string[], usableIds: string[]): Promise<string[]> {
  await setFollowing(tx, thread.id, [senderId, ...mentionedIds], true);
  const followers = new Set(await findFollowerIds(tx, thread.id));
  return [senderId, ...usableIds.filter((id) => id !== senderId && followers.has(id))];
}

/** Everyone viewing the root's conversation sees its summary change (`thread:updated`), once committed. */
export async function publishThreadUpdated(ctx: AppContext, db: DbOrTx, thread: ConversationRow): Promise<void> {
  const rootMessageId = thread.threadRootMessageId!;
  const summary = (await findThreadSummaries(db, [rootMessageId])).get(rootMessageId);
  if (!summary) return;
  ctx.events.publish('thread.updated', { conversationId: thread.parentConversationId!, rootMessageId, thread: summary });
}
