import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AttachmentRow } from '../db/rows';
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
