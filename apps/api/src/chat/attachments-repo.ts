import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AttachmentRow, MessageRow } from '../db/rows';
import { attachments } from '../db/schema';

export type NewAttachment = Pick<AttachmentRow, 'conversationId' | 'uploaderAgentId' | 'filename' | 'mime' | 'size' | 'storageKey'>;

export async function insertAttachments(db: DbOrTx, rows: NewAttachment[]): Promise<AttachmentRow[]> {
  return db.insert(attachments).values(rows).returning();
}

export async function findAttachment(db: DbOrTx, attachmentId: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, attachmentId)).limit(1);
  return row;
}

/** Deletes the uploads no message took that are older than `before`; answers their storage keys. */
export async function deleteUnsentUploadsBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const gone = await db
    .delete(attachments)
    .where(and(isNull(attachments.messageId), lt(attachments.createdAt, before)))
    .returning({ storageKey: attachments.storageKey });
  return gone.map((row) => row.storageKey);
}

/** Gives the message those of the ids that are the sender's unsent uploads in its conversation; answers the rows it took. */
export async function claimUnsentAttachments(db: DbOrTx, message: MessageRow, attachmentIds: string[]): Promise<AttachmentRow[]> {
  return db
    .update(attachments)
    .set({ messageId: message.id })
    .where(
      and(
        inArray(attachments.id, attachmentIds),
        eq(attachments.conversationId, message.conversationId),
        eq(attachments.uploaderAgentId, message.senderAgentId),
        isNull(attachments.messageId),
      ),
    )
    .returning();
}

/** Whether the message has at least one file. */
export async function messageHasAttachment(db: DbOrTx, messageId: string): Promise<boolean> {
  const [file] = await db.select({ id: attachments.id }).from(attachments).where(eq(attachments.messageId, messageId)).limit(1);
  return file !== undefined;
}
