import { and, asc, eq, inArray, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import { inTransaction } from '../core/transaction';
import type { Db, DbOrTx, Tx } from '../db/client';
import type { ReplyJobRow } from '../db/rows';
import { externalStreams, replyJobs } from '../db/schema';

export async function enqueueReplyJob(
  db: DbOrTx,
  job: {
    /** Set by a caller that names the job before writing it (an external agent's stream is its job). */
    id?: string;
    conversationId: string;
    agentId: string;
    triggerMessageId: string;
    teamId: string | null;
    dedupeKey: string;
    /** A regeneration or a notice's retry: the message it writes into (finish-reply, storeInPlace). */
    replyMessageId?: string;
    /** The person whose message this reply answers (directly or down a chain): usage counts under them. */
    requestedByAgentId?: string | null;
    /** Rooms: the message from a person that started the chain, the turn, and the agent that asked. */
    chainRootMessageId?: string | null;
    chainTurn?: number;
    askedByAgentId?: string | null;
    /** An external agent's request ('delegated', never claimed by the runner) and when it lapses. */
    status?: 'delegated';
    leaseUntil?: Date;
  },
): Promise<ReplyJobRow | undefined> {
  const [created] = await db.insert(replyJobs).values(job).onConflictDoNothing({ target: replyJobs.dedupeKey }).returning();
  return created;
}

/**
 * Leases up to `limit` due jobs: queued ones, and running ones whose lease ran out (their node died).
 * SKIP LOCKED lets several nodes claim at once without taking the same job; an agent already
 * writing `perAgent` replies is skipped so one busy agent cannot take every slot.
 */
export async function claimReplyJobs(db: Db, limit: number, perAgent: number, leaseMs: number): Promise<ReplyJobRow[]> {
  const now = new Date();
  const busy = sql`(select count(*) from ${replyJobs} as r where r.agent_id = ${replyJobs.agentId} and r.status = 'running' and r.lease_until > now())`;
  // One job at a time per room (room-turns, rule 4): a room's job (one of a chain) waits for every
  // earlier one of that room to end, so agents answer one after another (ids are time-ordered).
  const earlierInRoom = sql`exists (
    select 1 from ${replyJobs} as e
    where e.conversation_id = ${replyJobs.conversationId} and e.chain_root_message_id is not null
      and e.status in ('queued', 'running', 'delegated') and e.id < ${replyJobs.id})`;
  return db
    .update(replyJobs)
    .set({ status: 'running', attempts: sql`${replyJobs.attempts} + 1`, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      inArray(
        replyJobs.id,
        db
          .select({ id: replyJobs.id })
          .from(replyJobs)
          .where(
            and(
              lte(replyJobs.runAfter, now),
              or(eq(replyJobs.status, 'queued'), and(eq(replyJobs.status, 'running'), lt(replyJobs.leaseUntil, now))),
              sql`${busy} < ${perAgent}`,
              or(isNull(replyJobs.chainRootMessageId), not(earlierInRoom)),
            ),
          )
          .orderBy(asc(replyJobs.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/**
 * Saves the text so far and extends the lease, but only while this attempt still owns the job.
 * Answers whether the user asked to stop, or undefined when the job was taken over or ended.
 */
export async function checkpointReplyJob(
  db: Db,
  job: ReplyJobRow,
  partialContent: string,
  leaseMs: number,
): Promise<{ cancelRequested: boolean } | undefined> {
  const [row] = await db
    .update(replyJobs)
    .set({ partialContent, leaseUntil: new Date(Date.now() + leaseMs) })
    .where(and(eq(replyJobs.id, job.id), eq(replyJobs.status, 'running'), eq(replyJobs.attempts, job.attempts)))
    .returning({ cancelRequested: replyJobs.cancelRequested });
  return row;
}

/** Ends the job if this attempt still owns it; false means another node took it over (write nothing). */
export async function finishReplyJob(
  db: DbOrTx,
  job: ReplyJobRow,
  outcome: { status: 'done' | 'failed' | 'cancelled'; replyMessageId?: string; errorKind?: string; error?: string; partialContent?: string },
): Promise<boolean> {
  const rows = await db
    .update(replyJobs)
    .set({ ...outcome, finishedAt: new Date(), leaseUntil: null })
    .where(and(eq(replyJobs.id, job.id), eq(replyJobs.status, 'running'), eq(replyJobs.attempts, job.attempts)))
    .returning({ id: replyJobs.id });
  return rows.length > 0;
}

/** Back to the queue after a passing failure (rate limit), to run again after `delayMs`. */
export async function requeueReplyJob(db: Db, job: ReplyJobRow, delayMs: number, errorKind: string, error: string): Promise<boolean> {
  const rows = await db
    .update(replyJobs)
    .set({ status: 'queued', runAfter: new Date(Date.now() + delayMs), leaseUntil: null, errorKind, error, partialContent: '' })
    .where(and(eq(replyJobs.id, job.id), eq(replyJobs.status, 'running'), eq(replyJobs.attempts, job.attempts)))
    .returning({ id: replyJobs.id });
  return rows.length > 0;
}

/** Whether the user asked to stop this job (or its room's chain), read inside the transaction that ends it. */
export async function isCancelRequested(db: DbOrTx, jobId: string): Promise<boolean> {
  const [row] = await db.select({ cancelRequested: replyJobs.cancelRequested }).from(replyJobs).where(eq(replyJobs.id, jobId));
  return row?.cancelRequested ?? false;
}

/** The jobs of one chain (rooms): who answered or waits to answer, and who asked them. */
export async function findChainJobs(db: DbOrTx, chainRootMessageId: string) {
  return db
    .select({ agentId: replyJobs.agentId, status: replyJobs.status, askedByAgentId: replyJobs.askedByAgentId })
    .from(replyJobs)
    .where(eq(replyJobs.chainRootMessageId, chainRootMessageId))
    .orderBy(asc(replyJobs.id));
}

/**
 * Stops a conversation's replies (a room's chain stop): waiting ones end cancelled at once, running
 * ones are asked to stop (their node aborts at once or at its next checkpoint). Under the room's row
 * lock, which storing a reply takes too: a reply stored just before starts no turn this misses, and
 * one stored after sees its job asked to stop and starts none.
 */
export async function cancelConversationReplies(
  db: Db,
  conversationId: string,
  /** External agents' requests stopped with it, told in the same transaction. */
  onDelegated: (tx: Tx, ended: EndedRequest[]) => Promise<void>,
): Promise<{ cancelled: number; running: string[] }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select id from conversations where id = ${conversationId} for update`);
    const queued = await tx
      .update(replyJobs)
      .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(replyJobs.conversationId, conversationId), eq(replyJobs.status, 'queued')))
      .returning({ id: replyJobs.id });
    const delegated = await tx
      .update(replyJobs)
      .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(replyJobs.conversationId, conversationId), eq(replyJobs.status, 'delegated')))
      .returning(endedColumns);
    await onDelegated(tx, delegated);
    const running = await tx
      .update(replyJobs)
      .set({ cancelRequested: true })
      .where(and(eq(replyJobs.conversationId, conversationId), eq(replyJobs.status, 'running')))
      .returning({ id: replyJobs.id });
    return { cancelled: queued.length + delegated.length + running.length, running: running.map((r) => r.id) };
  });
}

export async function requestReplyCancel(db: Db, jobId: string) {
  const [row] = await db
    .update(replyJobs)
    .set({ cancelRequested: true })
    .where(and(eq(replyJobs.id, jobId), inArray(replyJobs.status, ['queued', 'running'])))
    .returning();
  return row;
}

export async function findReplyJob(db: DbOrTx, jobId: string) {
  const [row] = await db.select().from(replyJobs).where(eq(replyJobs.id, jobId)).limit(1);
  return row;
}

/** Replies still being written in a conversation, with their text so far (for a reconnecting client). */
export async function findActiveReplyJobs(db: DbOrTx, conversationId: string) {
  return db
    .select()
    .from(replyJobs)
    .where(and(eq(replyJobs.conversationId, conversationId), inArray(replyJobs.status, ['queued', 'running', 'waiting'])))
    .orderBy(asc(replyJobs.createdAt));
}

/**
 * External agents' replies being streamed now in a conversation (a delegated job with an unfinished
 * stream): their text so far is the stream's, kept in the database (decision 0025).
 */
export async function findStreamingExternalReplies(db: DbOrTx, conversationId: string) {
  return db
    .select({ jobId: replyJobs.id, agentId: replyJobs.agentId, text: externalStreams.text })
    .from(replyJobs)
    .innerJoin(externalStreams, eq(externalStreams.id, replyJobs.id))
    .where(and(eq(replyJobs.conversationId, conversationId), eq(replyJobs.status, 'delegated'), isNull(externalStreams.messageId)))
    .orderBy(asc(replyJobs.createdAt));
}

// ---- tool calls waiting for approval (approvals/): a parked job holds no lease ----

/**
 * Locks a reply's row for the rest of the transaction. Parking a job, deciding one of its calls,
 * expiring them and stopping it all take this lock first, so "the last call was decided" and "the
 * job is waiting" cannot pass each other (a job parked after its calls were decided would wait forever).
 */
export async function lockReplyJob(db: DbOrTx, jobId: string) {
  const [row] = await db.select().from(replyJobs).where(eq(replyJobs.id, jobId)).for('update');
  return row;
}

/** A reply whose tool calls wait for a person: no lease, nothing runs until a decision queues it again. */
export async function parkReplyJob(db: DbOrTx, job: ReplyJobRow, partialContent: string): Promise<boolean> {
  const rows = await db
    .update(replyJobs)
    .set({ status: 'waiting', leaseUntil: null, partialContent })
    .where(and(eq(replyJobs.id, job.id), eq(replyJobs.status, 'running'), eq(replyJobs.attempts, job.attempts)))
    .returning({ id: replyJobs.id });
  return rows.length > 0;
}

/** Every waiting call of the reply was decided (or expired): it runs again now. */
export async function requeueWaitingReplyJob(db: DbOrTx, jobId: string): Promise<boolean> {
  const rows = await db
    .update(replyJobs)
    .set({ status: 'queued', runAfter: new Date() })
    .where(and(eq(replyJobs.id, jobId), eq(replyJobs.status, 'waiting')))
    .returning({ id: replyJobs.id });
  return rows.length > 0;
}

/** Stops waiting replies (of `jobIds`, or of a whole conversation): they end cancelled. */
export async function cancelWaitingReplyJobs(db: DbOrTx, where: { jobId: string } | { conversationId: string }): Promise<string[]> {
  const rows = await db
    .update(replyJobs)
    .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date(), leaseUntil: null })
    .where(and('jobId' in where ? eq(replyJobs.id, where.jobId) : eq(replyJobs.conversationId, where.conversationId), eq(replyJobs.status, 'waiting')))
    .returning({ id: replyJobs.id });
  return rows.map((r) => r.id);
}

// ---- external agents' requests ('delegated': the agent answers through the API; decision 0025) ----

/** A request that ended without its agent's answer; `streamed`: the length of the draft people were shown (null: no stream). */
export interface EndedRequest {
  id: string;
  agentId: string;
  conversationId: string;
  streamed: number | null;
}

const endedColumns = {
  id: replyJobs.id,
  agentId: replyJobs.agentId,
  conversationId: replyJobs.conversationId,
  // Qualified by hand: in RETURNING drizzle names the column bare, which inside the subquery would be the stream's own id.
  streamed: sql<number | null>`(select length(s.text) from external_streams s where s.job_id = reply_jobs.id)`,
};

/** Locks an external agent's request for the transaction that answers or stops it. */
export async function lockRequest(db: DbOrTx, jobId: string) {
  const [row] = await db.select().from(replyJobs).where(eq(replyJobs.id, jobId)).for('update');
  return row;
}

/**
 * The agent's oldest open request in the conversation that no stream answers yet (locked): a plain
 * message it sends there answers it.
 */
export async function lockOldestOpenRequest(db: DbOrTx, agentId: string, conversationId: string) {
  const [row] = await db
    .select()
    .from(replyJobs)
    .where(
      and(
        eq(replyJobs.agentId, agentId),
        eq(replyJobs.conversationId, conversationId),
        eq(replyJobs.status, 'delegated'),
        sql`not exists (select 1 from external_streams s where s.job_id = ${replyJobs.id})`,
      ),
    )
    .orderBy(asc(replyJobs.id))
    .limit(1)
    .for('update');
  return row;
}

/** A request answered (its message) or ended; false when it had already ended. */
export async function endRequest(
  db: DbOrTx,
  jobId: string,
  outcome: { status: 'done' | 'failed' | 'cancelled'; replyMessageId?: string; errorKind?: string; partialContent?: string },
): Promise<boolean> {
  const rows = await db
    .update(replyJobs)
    .set({ ...outcome, finishedAt: new Date(), leaseUntil: null, ...(outcome.status === 'cancelled' ? { cancelRequested: true } : {}) })
    .where(and(eq(replyJobs.id, jobId), eq(replyJobs.status, 'delegated')))
    .returning({ id: replyJobs.id });
  return rows.length > 0;
}

/** The stop button on one request: it ends cancelled at once (nobody here is writing it). */
export async function cancelRequest(db: DbOrTx, jobId: string): Promise<EndedRequest | undefined> {
  const [row] = await db
    .update(replyJobs)
    .set({ status: 'cancelled', cancelRequested: true, finishedAt: new Date(), leaseUntil: null })
    .where(and(eq(replyJobs.id, jobId), eq(replyJobs.status, 'delegated')))
    .returning(endedColumns);
  return row;
}

/** The agent is writing: its request lapses only after this much more silence. */
export async function extendRequestLease(db: DbOrTx, jobId: string, leaseUntil: Date) {
  await db.update(replyJobs).set({ leaseUntil }).where(and(eq(replyJobs.id, jobId), eq(replyJobs.status, 'delegated')));
}

/** Requests past their lease (the sweep ends each with expireRequest, which checks again). */
export async function findLapsedRequests(db: DbOrTx, limit: number): Promise<ReplyJobRow[]> {
  return db
    .select()
    .from(replyJobs)
    .where(and(eq(replyJobs.status, 'delegated'), lt(replyJobs.leaseUntil, new Date())))
    .orderBy(asc(replyJobs.id))
    .limit(limit);
}

/** Ends a request that is still past its lease 'failed' (another node, or the agent's answer, may have come first). */
export async function expireRequest(db: DbOrTx, jobId: string): Promise<EndedRequest | undefined> {
  const [row] = await db
    .update(replyJobs)
    .set({ status: 'failed', errorKind: 'no_answer', finishedAt: new Date(), leaseUntil: null })
    .where(and(eq(replyJobs.id, jobId), eq(replyJobs.status, 'delegated'), lt(replyJobs.leaseUntil, new Date())))
    .returning(endedColumns);
  return row;
}
