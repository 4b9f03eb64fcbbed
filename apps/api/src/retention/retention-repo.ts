import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { teams } from '../db/schema';
import type { TeamRow } from '../db/rows';

/** The teams that keep messages for a limited time (and still exist). */
export async function findTeamsWithRetention(db: DbOrTx): Promise<Pick<TeamRow, 'id' | 'retentionDays' | 'retentionKeepPinned'>[]> {
  return db
    .select({ id: teams.id, retentionDays: teams.retentionDays, retentionKeepPinned: teams.retentionKeepPinned })
    .from(teams)
    .where(and(isNotNull(teams.retentionDays), isNull(teams.deletedAt)));
}

export async function setTeamRetention(db: DbOrTx, teamId: string, values: { retentionDays: number | null; retentionKeepPinned: boolean }): Promise<TeamRow> {
  const [team] = await db.update(teams).set(values).where(eq(teams.id, teamId)).returning();
  return team!;
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<Row>(query: Promise<unknown>): Promise<Row[]> {
  return ((await query) as { rows: Row[] }).rows;
}

/** Ids read from the database, as a Postgres array literal. */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** A message older than the cutoff that retention may remove: not pinned, unless pins go too. */
const removableSql = (keepPinned: boolean) =>
  keepPinned ? sql`not exists (select 1 from message_pins pin where pin.message_id = m.id)` : sql`true`;

/**
 * The team's conversations that hold a removable message older than `cutoff`: its rooms and
 * team-scoped 1:1s, and the threads of either (a thread's own team_id may be empty; its parent's is not).
 */
export async function findConversationsPastCutoff(db: DbOrTx, teamId: string, cutoff: Date, keepPinned: boolean): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db.execute(sql`
    select c.id from conversations c
    left join conversations parent on parent.id = c.parent_conversation_id
    where (c.team_id = ${teamId} or parent.team_id = ${teamId})
      and exists (select 1 from messages m where m.conversation_id = c.id and m.created_at < ${cutoff.toISOString()}::timestamptz and ${removableSql(keepPinned)})
    order by c.id`));
  return rows.map((row) => row.id);
}

export interface RemovedBatch {
  messageIds: string[];
  /** The highest seq removed: every removable message up to it is gone. */
  throughSeq: number;
  /** Files to delete from storage once the batch commits (the messages' own, and their threads'). */
  storageKeys: string[];
}

/**
 * Removes, oldest first, up to `limit` removable messages of one conversation older than `cutoff`
 * (a prefix of its seq, pinned ones skipped when they are kept). Locks the conversation row first, in
 * the order a send takes it, so sends wait for the batch rather than deadlock with it. Raises
 * `removed_through_seq` and every member's read and mailed cursors to the batch's last seq, so unread
 * counts never count what is gone. Undefined when nothing is left to remove.
 */
export async function removeOldestMessages(tx: DbOrTx, conversationId: string, cutoff: Date, keepPinned: boolean, limit: number): Promise<RemovedBatch | undefined> {
  const locked = await rowsOf(tx.execute(sql`select id from conversations where id = ${conversationId} for update`));
  if (!locked.length) return undefined;
  const batch = await rowsOf<{ id: string; seq: string | number }>(tx.execute(sql`
    select m.id, m.seq from messages m
    where m.conversation_id = ${conversationId}
      and m.seq <= (select max(old.seq) from messages old where old.conversation_id = ${conversationId} and old.created_at < ${cutoff.toISOString()}::timestamptz)
      and ${removableSql(keepPinned)}
    order by m.seq
    limit ${limit}`));
  if (!batch.length) return undefined;
  const messageIds = batch.map((row) => row.id);
  const ids = idArray(messageIds);
  const throughSeq = Math.max(...batch.map((row) => Number(row.seq)));
  const files = await rowsOf<{ storage_key: string }>(tx.execute(sql`
    select f.storage_key from attachments f
    where f.message_id = any(${ids}::uuid[])
       or f.conversation_id in (select t.id from conversations t where t.thread_root_message_id = any(${ids}::uuid[]))`));
  await tx.execute(sql`update conversations set removed_through_seq = greatest(removed_through_seq, ${throughSeq}) where id = ${conversationId}`);
  await tx.execute(sql`
    update conversation_participants
    set last_read_seq = greatest(last_read_seq, ${throughSeq}), mailed_seq = greatest(mailed_seq, ${throughSeq})
    where conversation_id = ${conversationId} and (last_read_seq < ${throughSeq} or mailed_seq < ${throughSeq})`);
  // Mentions, reactions, pins, saves, reply jobs, attachments and threads rooted here go by cascade.
  await tx.execute(sql`delete from messages where id = any(${ids}::uuid[])`);
  return { messageIds, throughSeq, storageKeys: files.map((row) => row.storage_key) };
}
