import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { findConversationsByIds, rulingConversation } from './chat-link';

/**
 * A conversation and the one whose rules it follows (decision 0026): a thread's parent (a room's name,
 * topic, answers-all agent, turn limit and managers; a 1:1's pair), any other conversation itself.
 * Undefined when the conversation is gone.
 */
export async function conversationWithRuling(db: DbOrTx, conversationId: string): Promise<{ conversation: ConversationRow; ruling: ConversationRow } | undefined> {
  const [conversation] = await findConversationsByIds(db, [conversationId]);
  if (!conversation) return undefined;
  return { conversation, ruling: await rulingConversation(db, conversation) };
}
