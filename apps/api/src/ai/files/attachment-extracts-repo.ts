import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachmentExtracts } from '../../db/schema';

export type AttachmentExtractRow = typeof attachmentExtracts.$inferSelect;
export type NewAttachmentExtract = Pick<AttachmentExtractRow, 'attachmentId' | 'status' | 'text' | 'pages' | 'error'>;

/** The stored extracts of these attachments, by attachment id (a file without one was never read). */
export async function findExtracts(db: DbOrTx, attachmentIds: string[]): Promise<Map<string, AttachmentExtractRow>> {
  if (attachmentIds.length === 0) return new Map();
  const rows = await db.select().from(attachmentExtracts).where(inArray(attachmentExtracts.attachmentId, attachmentIds));
  return new Map(rows.map((row) => [row.attachmentId, row]));
}

/**
 * Stores a file's extract unless one is stored already, and answers the stored one: when two
 * replies read a new file at once, the first extract stored is the one every reply reads after.
 */
export async function saveExtract(db: DbOrTx, extract: NewAttachmentExtract): Promise<AttachmentExtractRow> {
  const [inserted] = await db.insert(attachmentExtracts).values(extract).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const stored = (await findExtracts(db, [extract.attachmentId])).get(extract.attachmentId);
  if (!stored) throw new Error(`the extract of ${extract.attachmentId} vanished (its file was deleted meanwhile)`);
  return stored;
}
