import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { findConversationsByIds } from './search-repo';

/**
 * Threads (decision 0026) follow the rules of the conversation their root is in: a thread of a room
 * is answered, limited and managed as that room; a thread of a 1:1 as that 1:1. Code that asks
 * "is this a room, and what are its settings" asks it of `ruling(...)`, never of the thread row.
 */
export async function rulingConversation(db: DbOrTx, conversation: ConversationRow): Promise<ConversationRow> {
  if (conversation.type !== 'thread' || !conversation.parentConversationId) return conversation;
  const [parent] = await findConversationsByIds(db, [conversation.parentConversationId]);
  return parent ?? conversation;
}

/** Whether a conversation is a thread (its row carries its parent and root). */
export const isThread = (conversation: Pick<ConversationRow, 'type'>) => conversation.type === 'thread';
