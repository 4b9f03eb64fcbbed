import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { externalStreams, replyJobs } from '../db/schema';

/** A streamed reply of an external agent; its id is its request's (reply job's) id. Undefined when it exists. */
export async function insertStream(db: DbOrTx, values: { id: string; agentId: string; conversationId: string; jobId: string }) {
  const [row] = await db.insert(externalStreams).values(values).onConflictDoNothing({ target: externalStreams.id }).returning();
  return row;
}

export async function findStream(db: DbOrTx, id: string) {
  const [row] = await db.select().from(externalStreams).where(eq(externalStreams.id, id)).limit(1);
  return row;
}

/**
 * Adds a delta in one conditional statement, so deltas sent to any node line up: only the agent's
 * own stream, not finished, its request still open, and the text within `maxLength`. Answers the
 * text after it (the caller's offset is its length before) and the conversation, or undefined when refused.
 */
export async function appendStreamText(db: DbOrTx, id: string, agentId: string, delta: string, maxLength: number) {
  const [row] = await db
    .update(externalStreams)
    .set({ text: sql`${externalStreams.text} || ${delta}`, updatedAt: new Date() })
    .where(
      and(
        eq(externalStreams.id, id),
        eq(externalStreams.agentId, agentId),
        isNull(externalStreams.messageId),
        sql`char_length(${externalStreams.text}) + char_length(${delta}) <= ${maxLength}`,
        sql`exists (select 1 from ${replyJobs} j where j.id = ${externalStreams.jobId} and j.status = 'delegated')`,
      ),
    )
    .returning({ text: externalStreams.text, conversationId: externalStreams.conversationId });
  return row;
}

/** The stream's reply was stored: it takes no more deltas. */
export async function markStreamFinished(db: DbOrTx, id: string, messageId: string): Promise<boolean> {
  const rows = await db
    .update(externalStreams)
    .set({ messageId, updatedAt: new Date() })
    .where(and(eq(externalStreams.id, id), isNull(externalStreams.messageId)))
    .returning({ id: externalStreams.id });
  return rows.length > 0;
}
