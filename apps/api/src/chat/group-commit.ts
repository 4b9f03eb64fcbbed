import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { AppError } from '../core/app-error';
import type { Database, Db } from '../db/client';
import type { MessageRow } from '../db/rows';
import { insertMessageRowPrepared, toMessageRow, type MessageValues, type RawMessage, MESSAGE_COLUMNS_SQL } from './insert-message';
import { createMessageIds } from './message-ids';
import { mayWriteToSql } from './may-write-sql';

/** A batch holds at most this many messages (one JSON parameter of a few hundred KiB at most). */
const MAX_BATCH = 256;
/** While a batch is on its way, the next one gathers for at most this long before it leaves too. */
const GATHER_MS = 2;

interface Pending {
  values: MessageValues;
  resolve: (row: MessageRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Plain messages (no files, no AI reply job) sent at about the same time, to any conversations,
 * stored by one statement: rows in, conversations bumped, senders' cursors moved, all or nothing.
 * See decision 0010.
 *
 * - Under each conversation's row lock (taken in id order, so batches cannot deadlock each other)
 *   the batch's messages of that conversation take the next seqs in the order they were sent: seq
 *   stays gap-free, in commit order. `created_at` is read per row after the lock, so it follows seq.
 * - A send the reach rule refuses (`writeTo`, decision 0022) is left out and answers undefined.
 * - A (sender, clientMessageId) already stored, or twice in one batch, is inserted once: the other
 *   requests answer undefined, and the caller answers the stored message (200) as before.
 * - If a concurrent duplicate would leave a hole in seq (its row skipped by ON CONFLICT between
 *   two stored ones), the statement divides by zero on purpose, which undoes all of it; the batch
 *   is then stored message by message. So does any other failure: a bad row fails its own
 *   request only, and no batch is ever half written.
 * - Each request is answered after its batch has committed, so a 2xx still means durable.
 * - A conversation has at most one batch on its way: its later messages wait for the next batch.
 *   Two batches of one conversation in flight together could be answered (and so announced to the
 *   sockets) in the other order than their seqs, when the later one's answer was read first.
 *
 * When nothing is on its way the batch leaves at once (setImmediate: sends that arrived together
 * go together), so a quiet server adds no wait; under load batches grow by themselves.
 *
 * One per server, built by the composition root and closed before the database: `close()` stores
 * what is queued, waits for the batches on their way, and refuses what comes after.
 */
export class GroupCommit {
  /** Batch statements run, and the messages they carried (whether stored or found duplicate). */
  readonly stats = { batches: 0, messages: 0, fallbacks: 0 };
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Conversations with a batch on its way (see above: one at a time each). */
  private readonly busy = new Set<string>();
  private immediate?: NodeJS.Immediate;
  private timer?: NodeJS.Timeout;
  private readonly newId = createMessageIds();
  /** Set by close(): answered once nothing is queued or on its way. */
  private closed?: { resolve: () => void; done: Promise<void> };

  constructor(
    private readonly database: Database,
    private readonly maxInFlight: number,
  ) {}

  /** Queues a message (its id is made here): the stored row once its batch has committed, undefined for a duplicate or a send the reach rule refuses. */
  insert(values: Omit<MessageValues, 'id'>): Promise<MessageRow | undefined> {
    if (this.closed) return Promise.reject(new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is shutting down'));
    return new Promise((resolve, reject) => {
      this.queue.push({ values: { ...values, id: this.newId() }, resolve, reject });
      this.schedule();
    });
  }

  /** Stores every queued message and waits for the batches on their way; later inserts are refused. */
  close(): Promise<void> {
    if (!this.closed) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      this.closed = { resolve, done };
      this.settleIfIdle();
    }
    return this.closed.done;
  }

  private settleIfIdle(): void {
    if (this.closed && this.queue.length === 0 && this.inFlight === 0) this.closed.resolve();
  }

  private schedule(): void {
    if (this.queue.length === 0 || this.immediate) return;
    if (this.inFlight === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.immediate = setImmediate(this.flush);
    } else if (this.inFlight < this.maxInFlight && !this.timer) {
      this.timer = setTimeout(this.flush, GATHER_MS);
    }
  }

  private readonly flush = (): void => {
    this.immediate = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return; // all waiting for their conversations' batches; their end schedules again
    const conversations = new Set(batch.map((pending) => pending.values.conversationId));
    for (const id of conversations) this.busy.add(id);
    this.inFlight += 1;
    void this.write(batch).finally(() => {
      for (const id of conversations) this.busy.delete(id);
      this.inFlight -= 1;
      this.schedule();
      this.settleIfIdle();
    });
    this.schedule();
  };

  /** The oldest waiting messages (up to MAX_BATCH) of conversations without a batch on its way, in the order sent. */
  private takeBatch(): Pending[] {
    if (this.busy.size === 0) return this.queue.splice(0, MAX_BATCH);
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const pending of this.queue) {
      if (batch.length < MAX_BATCH && !this.busy.has(pending.values.conversationId)) batch.push(pending);
      else rest.push(pending);
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Pending[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.messages += batch.length;
    // Alone, a message takes the single-row statement: prepared on Postgres, and a fraction of the
    // batch statement's planning where it is not.
    if (batch.length === 1) return this.writeOne(batch[0]!);
    let rows: Map<string, MessageRow>;
    try {
      rows = await insertBatch(this.database.db, batch.map((p) => p.values));
    } catch {
      this.stats.fallbacks += 1;
      // Nothing of the batch was written: each message on its own, so one bad row fails alone.
      for (const pending of batch) await this.writeOne(pending);
      return;
    }
    for (const pending of batch) pending.resolve(rows.get(pending.values.id));
  }

  private async writeOne(pending: Pending): Promise<void> {
    try {
      pending.resolve(await insertMessageRowPrepared(this.database, pending.values));
    } catch (error) {
      pending.reject(error);
    }
  }
}

/** A Postgres array literal of text values (each quoted; `\` and `"` escaped), for `$n::type[]`. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/** The same for uuid values that may be absent (unquoted NULL). */
function nullableUuidLiteral(values: readonly (string | undefined)[]): string {
  return `{${values.map((v) => (v === undefined ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * One statement for the whole batch (see GroupCommit). Answers the stored rows by the id each
 * pending message was given; a message missing from the answer was not inserted (a duplicate).
 *
 * The batch arrives as one array per column, each a bound parameter: the planner knows how many
 * rows `unnest` yields, so every step is an index lookup (duplicates, the conversation rows, the
 * senders' cursors) however large the tables are, never a scan of them.
 */
async function insertBatch(db: Db, batch: MessageValues[]): Promise<Map<string, MessageRow>> {
  const column = (pick: (v: MessageValues) => string) => arrayLiteral(batch.map(pick));
  const conversationIds = arrayLiteral([...new Set(batch.map((v) => v.conversationId))].sort());
  const result = await db.execute<RawMessage & Record<string, unknown>>(sql`
    with input as (
      select * from unnest(
        ${column((v) => v.id)}::uuid[], ${column((v) => v.conversationId)}::uuid[], ${column((v) => v.senderAgentId)}::uuid[],
        ${column((v) => v.content)}::text[], ${column((v) => v.messageType)}::text[], ${column((v) => JSON.stringify(v.meta))}::jsonb[],
        ${column((v) => v.clientMessageId)}::text[],
        ${nullableUuidLiteral(batch.map((v) => v.writeTo?.agentId))}::uuid[],
        ${`{${batch.map((v) => (v.writeTo?.isHuman === false ? 'f' : 't')).join(',')}}`}::boolean[]
      ) with ordinality as t(id, conversation_id, sender_agent_id, content, message_type, meta, client_message_id, write_to, write_to_human, ord)
    ), fresh as (
      select distinct on (i.sender_agent_id, i.client_message_id) i.* from input i
      where not exists (
        select 1 from messages m where m.sender_agent_id = i.sender_agent_id and m.client_message_id = i.client_message_id)
        -- A send the reach rule refuses is left out, as a duplicate is: its caller finds out which.
        and ${mayWriteToSql(sql.raw('i.sender_agent_id'), sql.raw('i.write_to'), sql.raw('i.write_to_human'))}
      order by i.sender_agent_id, i.client_message_id, i.ord
    ), locked as (
      -- In id order, so two batches cannot deadlock on each other's conversations.
      select c.id, c.last_seq from conversations c where c.id = any (${conversationIds}::uuid[]) order by c.id for update
    ), numbered as (
      select f.*, l.last_seq + row_number() over (partition by f.conversation_id order by f.ord) as seq, clock_timestamp() as at
      from fresh f join locked l on l.id = f.conversation_id
    ), inserted as (
      insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, meta, client_message_id, created_at)
      select n.id, n.conversation_id, n.seq, n.sender_agent_id, n.content, n.message_type, n.meta, n.client_message_id, n.at
      from numbered n
      on conflict (sender_agent_id, client_message_id) do nothing
      returning ${MESSAGE_COLUMNS_SQL}
    ), newest as (
      select i.conversation_id, max(i.seq) as seq, count(*) as n, max(i.created_at) as at from inserted i group by i.conversation_id
    ), bumped as (
      update conversations c set last_seq = x.seq, last_message_at = x.at
      from newest x join locked l on l.id = x.conversation_id
      where c.id = x.conversation_id
        -- Gap-free or nothing: if a concurrent duplicate made ON CONFLICT skip a row below the
        -- newest one, this divides by zero and the whole statement is undone.
        and 1 / (x.seq - l.last_seq = x.n)::int = 1
    ), cursor as (
      update conversation_participants p set last_read_message_id = s.id, last_read_seq = s.seq
      from (
        select distinct on (i.conversation_id, i.sender_agent_id) i.conversation_id, i.sender_agent_id, i.id, i.seq
        from inserted i order by i.conversation_id, i.sender_agent_id, i.seq desc
      ) s
      where p.conversation_id = s.conversation_id and p.agent_id = s.sender_agent_id
    )
    select * from inserted`);
  // Every inserted row keeps the id its pending message was given.
  return new Map((result as unknown as { rows: RawMessage[] }).rows.map((raw) => [raw.id, toMessageRow(raw)]));
}

/**
 * This server's group commit. PGlite has one connection, so one batch at a time there; on Postgres
 * up to four, leaving the pool a connection for everything else.
 */
export function createGroupCommit(database: Database, config: Pick<AppConfig, 'databasePoolSize'>): GroupCommit {
  return new GroupCommit(database, database.kind === 'pglite' ? 1 : Math.max(1, Math.min(4, config.databasePoolSize - 1)));
}
