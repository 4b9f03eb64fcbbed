import { and, desc, eq, isNull, lt, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, conversations, messages } from '../../db/schema';

const historyLine = { seq: messages.seq, content: messages.content, at: messages.createdAt, firstName: agents.firstName, lastName: agents.lastName, username: agents.username, isHuman: agents.isHuman };

/** The `limit` messages of a conversation before `beforeSeq`, newest first, with their sender (deleted ones and notices left out). */
export function findMessagesBefore(db: DbOrTx, conversationId: string, beforeSeq: number, limit: number) {
  return db
    .select(historyLine)
    .from(messages)
    .innerJoin(agents, eq(agents.id, messages.senderAgentId))
    .where(and(eq(messages.conversationId, conversationId), lt(messages.seq, beforeSeq), isNull(messages.deletedAt), ne(messages.messageType, 'notice')))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** The seq of the oldest of the newest `window` messages up to `maxSeq` (all when undefined): where the reply's history starts. */
export async function findWindowStartSeq(db: DbOrTx, conversationId: string, maxSeq: number | undefined, window: number): Promise<number | undefined> {
  const rows = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lte(messages.seq, maxSeq ?? Number.MAX_SAFE_INTEGER), isNull(messages.deletedAt)))
    .orderBy(desc(messages.seq))
    .limit(window);
  return rows.at(-1)?.seq;
}

export async function findConversationTeam(db: DbOrTx, conversationId: string): Promise<{ type: string; teamId: string | null } | undefined> {
  const [row] = await db.select({ type: conversations.type, teamId: conversations.teamId }).from(conversations).where(eq(conversations.id, conversationId));
  return row;
}

/** A thread's root as a history line, unless deleted. */
export async function findRootMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select(historyLine)
    .from(messages)
    .innerJoin(agents, eq(agents.id, messages.senderAgentId))
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)));
  return row;
}
