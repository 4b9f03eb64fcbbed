import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { MessageRow } from '../db/rows';
import { agents, conversations, messageColumns, messagePins, messages } from '../db/schema';

export type PinRow = typeof messagePins.$inferSelect;

/**
 * Holds the conversation row until the transaction ends, so two pins of one conversation count its
 * pins one after the other (the cap holds under concurrency). `no key update` serialises pins
 * without holding up inserts of messages, whose foreign key only takes a key-share lock.
 */
export async function lockConversationForPins(tx: DbOrTx, conversationId: string): Promise<void> {
  await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('no key update');
}

export async function findPin(db: DbOrTx, messageId: string): Promise<PinRow | undefined> {
  const [pin] = await db.select().from(messagePins).where(eq(messagePins.messageId, messageId)).limit(1);
  return pin;
}

/** The conversation's pins that count against the cap: those of messages not deleted. */
export async function countLivePins(tx: DbOrTx, conversationId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(messagePins)
    .innerJoin(messages, eq(messages.id, messagePins.messageId))
    .where(and(eq(messagePins.conversationId, conversationId), isNull(messages.deletedAt)));
  return row?.count ?? 0;
}

/** Pins a message; undefined when it was pinned already. */
export async function insertPin(tx: DbOrTx, pin: { messageId: string; conversationId: string; pinnedByAgentId: string }): Promise<PinRow | undefined> {
  const [inserted] = await tx.insert(messagePins).values(pin).onConflictDoNothing().returning();
  return inserted;
}

/** Unpins a message; answers whether it was pinned. */
export async function deletePin(tx: DbOrTx, messageId: string): Promise<boolean> {
  const removed = await tx.delete(messagePins).where(eq(messagePins.messageId, messageId)).returning({ messageId: messagePins.messageId });
  return removed.length > 0;
}

export interface LivePin {
  pin: PinRow;
  message: MessageRow;
  pinnedBy: { id: string; firstName: string; lastName: string } | null;
}

/** The conversation's pins of messages not deleted, newest pinned first, with who pinned each (null: their account is gone). */
export async function findLivePins(db: DbOrTx, conversationId: string): Promise<LivePin[]> {
  return db
    .select({ pin: messagePins, message: messageColumns, pinnedBy: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName } })
    .from(messagePins)
    .innerJoin(messages, eq(messages.id, messagePins.messageId))
    .leftJoin(agents, eq(agents.id, messagePins.pinnedByAgentId))
    .where(and(eq(messagePins.conversationId, conversationId), isNull(messages.deletedAt)))
    .orderBy(desc(messagePins.pinnedAt), desc(messagePins.messageId));
}

/** One pin with its message and who pinned it, whether or not the message is deleted. */
export async function findPinWithMessage(db: DbOrTx, messageId: string): Promise<LivePin | undefined> {
  const [row] = await db
    .select({ pin: messagePins, message: messageColumns, pinnedBy: { id: agents.id, firstName: agents.firstName, lastName: agents.lastName } })
    .from(messagePins)
    .innerJoin(messages, eq(messages.id, messagePins.messageId))
    .leftJoin(agents, eq(agents.id, messagePins.pinnedByAgentId))
    .where(eq(messagePins.messageId, messageId))
    .limit(1);
  return row;
}
