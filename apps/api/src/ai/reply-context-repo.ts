import { and, asc, between, desc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { MessageRow } from '../db/rows';
import { agents, conversations, messageColumns, messages, teamMembers, teams } from '../db/schema';

/** Messages that are never part of what an AI agent reads: notices (why a reply failed) and approval cards. */
const NOT_HISTORY = ['notice', 'approval'];

/** The team a conversation belongs to (null outside teams). */
export async function findConversationTeamId(db: DbOrTx, conversationId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: conversations.teamId }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.teamId ?? null;
}

/** The first team an agent joined that it is still in. */
export async function findFirstTeamIdOf(db: DbOrTx, agentId: string): Promise<string | null> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.agentId, agentId), isNull(teamMembers.leftAt)))
    .orderBy(teamMembers.joinedAt)
    .limit(1);
  return row?.teamId ?? null;
}

/** A room's turn limit as it is now (undefined when the conversation is gone). */
export async function findAgentTurnLimit(db: DbOrTx, conversationId: string): Promise<number | undefined> {
  const [row] = await db.select({ agentTurnLimit: conversations.agentTurnLimit }).from(conversations).where(eq(conversations.id, conversationId));
  return row?.agentTurnLimit;
}

export async function findTeamName(db: DbOrTx, teamId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

export async function findMessageSeq(db: DbOrTx, messageId: string): Promise<number | undefined> {
  const [row] = await db.select({ seq: messages.seq }).from(messages).where(eq(messages.id, messageId));
  return row?.seq;
}

/** A history message as the context reads it: with its sender's name. */
const historyColumns = {
  id: messages.id,
  seq: messages.seq,
  sender: messages.senderAgentId,
  content: messages.content,
  type: messages.messageType,
  firstName: agents.firstName,
  lastName: agents.lastName,
  username: agents.username,
  isHuman: agents.isHuman,
};

/**
 * The newest `limit` messages of a conversation's history up to `maxSeq` (all when undefined), newest
 * first, with their sender's name; deleted ones are left out (their text is gone anyway), and so are
 * notices and approval cards.
 */
export async function findRecentMessages(db: DbOrTx, conversationId: string, maxSeq: number | undefined, limit: number) {
  return db
    .select(historyColumns)
    .from(messages)
    .innerJoin(agents, eq(agents.id, messages.senderAgentId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        lte(messages.seq, maxSeq ?? Number.MAX_SAFE_INTEGER),
        isNull(messages.deletedAt),
        notInArray(messages.messageType, NOT_HISTORY),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** One message as history (a thread's root), unless deleted. */
export async function findHistoryMessage(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select(historyColumns)
    .from(messages)
    .innerJoin(agents, eq(agents.id, messages.senderAgentId))
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)));
  return row;
}

/** A reply's history as it was read: the messages of seqs `from`..`to`, oldest first, deleted ones included (shown as deleted). */
export async function findHistoryBetween(db: DbOrTx, conversationId: string, from: number, to: number, limit: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), between(messages.seq, from, to), notInArray(messages.messageType, NOT_HISTORY)))
    .orderBy(asc(messages.seq))
    .limit(limit);
}

export async function findMessageRow(db: DbOrTx, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(messages).where(eq(messages.id, messageId));
  return row;
}

/** The id of a conversation's newest message. */
export async function findLatestMessageId(db: DbOrTx, conversationId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.seq)).limit(1);
  return row?.id;
}
