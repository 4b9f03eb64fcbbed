import { and, asc, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AttachmentRow, MessageRow } from '../db/rows';
import { attachments, messageColumns, messageMentions, messageReactions, messages } from '../db/schema';

/** The message a sender stored under this clientMessageId, if any. */
export async function findSentMessageRow(db: DbOrTx, senderAgentId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderAgentId, senderAgentId), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

/** Up to `take` messages at or before `seq`, newest first: walks the (conversation, seq) index backwards. */
export async function findMessagesUpTo(db: DbOrTx, conversationId: string, seq: number, take: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lte(messages.seq, seq)))
    .orderBy(desc(messages.seq))
    .limit(take);
}

/** Up to `take` messages after `seq`, oldest first. */
export async function findMessagesAfter(db: DbOrTx, conversationId: string, seq: number, take: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, seq)))
    .orderBy(asc(messages.seq))
    .limit(take);
}

/** Up to `take` messages before `upperSeq` (or from the newest when undefined), newest first, `skip` of them passed over. */
export async function findMessagesBefore(
  db: DbOrTx,
  conversationId: string,
  upperSeq: number | undefined,
  take: number,
  skip: number,
): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), upperSeq === undefined ? undefined : lt(messages.seq, upperSeq)))
    .orderBy(desc(messages.seq))
    .limit(take)
    .offset(skip);
}

/** The seq of a message of this conversation, undefined when it is not one. */
export async function findMessageSeq(db: DbOrTx, conversationId: string, messageId: string): Promise<number | undefined> {
  const [anchor] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return anchor?.seq;
}

/** Records who a message @mentions, with its seq so the badge can count past a read cursor. */
export async function insertMentions(tx: DbOrTx, row: MessageRow, agentIds: string[]): Promise<void> {
  await tx
    .insert(messageMentions)
    .values(agentIds.map((agentId) => ({ messageId: row.id, conversationId: row.conversationId, seq: row.seq, agentId })))
    .onConflictDoNothing();
}

export async function deleteMentionsOf(tx: DbOrTx, messageId: string): Promise<void> {
  await tx.delete(messageMentions).where(eq(messageMentions.messageId, messageId));
}

/** Sets a message's text and marks it edited; undefined when it is deleted (a delete always wins). */
export async function updateMessageContent(tx: DbOrTx, messageId: string, content: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ content, editedAt: sql`clock_timestamp()` })
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
    .returning(messageColumns);
  return row;
}

/** Empties a message and marks it deleted; undefined when it already was. */
export async function markMessageDeleted(tx: DbOrTx, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ content: '', deletedAt: sql`clock_timestamp()` })
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
    .returning(messageColumns);
  return row;
}

/** Removes a deleted message's files, reactions and mentions; answers the file rows so storage can follow. */
export async function deleteMessageExtras(tx: DbOrTx, messageId: string): Promise<AttachmentRow[]> {
  const files = await tx.delete(attachments).where(eq(attachments.messageId, messageId)).returning();
  await tx.delete(messageReactions).where(eq(messageReactions.messageId, messageId));
  await deleteMentionsOf(tx, messageId);
  return files;
}

/** The message row as stored now, whatever its state. */
export async function findCurrentMessage(db: DbOrTx, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(messages).where(eq(messages.id, messageId));
  return row;
}

/** The message, locked for the rest of the transaction (an AI reply about to be written again in its place). */
export async function lockMessage(tx: DbOrTx, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await tx.select(messageColumns).from(messages).where(eq(messages.id, messageId)).for('update');
  return row;
}

/**
 * An AI reply written again in its place (a regeneration, a notice's retry): its text, type, meta and
 * clientMessageId (`ai-reply:<the new job>`) change; it is not an edit, so no 'edited' tag.
 */
export async function rewriteMessageRow(
  tx: DbOrTx,
  messageId: string,
  values: Pick<MessageRow, 'content' | 'messageType' | 'meta' | 'clientMessageId'>,
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set(values)
    .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
    .returning(messageColumns);
  return row;
}
