import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../db/client';
import type { TMessageMeta } from '../db/schema';
import type { MessageRow } from '../db/rows';
import { mayWriteToSql } from './may-write-sql';

/** What the insert statements return: every column the app reads (not the stored search vector). */
export const MESSAGE_COLUMNS_SQL = sql.raw(
  'id, conversation_id, seq, sender_agent_id, content, message_type, meta, client_message_id, created_at, edited_at, deleted_at',
);

/** A `messages` row as Postgres answers `returning ${MESSAGE_COLUMNS_SQL}` through drizzle's execute. */
export interface RawMessage {
  id: string;
  conversation_id: string;
  seq: string | number;
  sender_agent_id: string;
  content: string;
  message_type: string;
  meta: TMessageMeta | string;
  client_message_id: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The hot path of a send in one statement, atomic on its own: lock the conversation row and take
 * the next seq under the lock (concurrent sends wait, so seq is gap-free in commit order), insert
 * the message with that seq and the time taken under the lock, then, only if the insert happened,
 * bump the conversation and move the sender's read cursor onto the message. A (sender,
 * clientMessageId) that already exists inserts nothing, bumps nothing and answers nothing; so does
 * a send the reach rule refuses (`writeTo`), which takes no lock either.
 */
export async function insertMessageRow(db: DbOrTx, input: MessageValues): Promise<MessageRow | undefined> {
  const result = await db.execute<RawMessage & Record<string, unknown>>(insertMessageSql(input));
  const row = (result as unknown as { rows: RawMessage[] }).rows[0];
  return row ? toMessageRow(row) : undefined;
}

const dialect = new PgDialect();

/**
 * insertMessageRow outside a transaction, on Postgres as a prepared statement: parsed and planned
 * once per pooled connection instead of on every send (Postgres CPU, measured in docs/benchmarks-history.md).
 */
export async function insertMessageRowPrepared(database: Database, input: MessageValues): Promise<MessageRow | undefined> {
  if (!database.queryPrepared) return insertMessageRow(database.db, input);
  const { rows } = await database.queryPrepared('agentroom_insert_message', dialect.sqlToQuery(insertMessageSql(input)));
  const row = rows[0] as RawMessage | undefined;
  return row ? toMessageRow(row) : undefined;
}

function insertMessageSql(input: MessageValues): SQL {
  const mayWrite = mayWriteToSql(
    sql`${input.senderAgentId}::uuid`,
    sql`${input.writeTo?.agentId ?? null}::uuid`,
    sql`${input.writeTo?.isHuman ?? true}::boolean`,
  );
  return sql`
    with locked as (
      select last_seq + 1 as seq, clock_timestamp() as at from conversations where id = ${input.conversationId} and ${mayWrite} for update
    ), inserted as (
      insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, meta, client_message_id, created_at)
      select ${input.id}, ${input.conversationId}, locked.seq, ${input.senderAgentId}, ${input.content}, ${input.messageType},
             ${JSON.stringify(input.meta)}::jsonb, ${input.clientMessageId}, locked.at
      from locked
      on conflict (sender_agent_id, client_message_id) do nothing
      returning ${MESSAGE_COLUMNS_SQL}
    ), bumped as (
      update conversations set last_seq = inserted.seq, last_message_at = inserted.created_at
      from inserted where conversations.id = inserted.conversation_id
    ), cursor as (
      update conversation_participants set last_read_message_id = inserted.id, last_read_seq = inserted.seq
      from inserted
      where conversation_participants.conversation_id = inserted.conversation_id
        and conversation_participants.agent_id = inserted.sender_agent_id
    )
    select * from inserted`;
}

/** A message row to insert, its id made by the caller (the group commit's pool, or uuid in a transaction). */
export interface MessageValues {
  id: string;
  conversationId: string;
  senderAgentId: string;
  content: string;
  clientMessageId: string;
  messageType: string;
  meta: TMessageMeta;
  /**
   * A 1:1's other agent: the message is stored only while the sender may write to them (the reach
   * rule, decision 0022), checked by the storing statement itself. Absent: no check (rooms, and
   * callers that checked already).
   */
  writeTo?: WriteTo;
}

/** The other agent of a 1:1, as the reach rule needs it. */
export interface WriteTo {
  agentId: string;
  isHuman: boolean;
}

export function toMessageRow(row: RawMessage): MessageRow {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: Number(row.seq),
    senderAgentId: row.sender_agent_id,
    content: row.content,
    messageType: row.message_type,
    meta: typeof row.meta === 'string' ? (JSON.parse(row.meta) as TMessageMeta) : row.meta,
    clientMessageId: row.client_message_id,
    createdAt: toDate(row.created_at),
    editedAt: row.edited_at === null ? null : toDate(row.edited_at),
    deletedAt: row.deleted_at === null ? null : toDate(row.deleted_at),
  };
}
