import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

const DAY = sql`now() - interval '1 day'`;

/** The mail outbox by state, what it sent in the last day, its oldest waiting mail and newest error. */
export async function mailHealth(db: DbOrTx) {
  const result = await db.execute(sql`select
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'sent' and sent_at > ${DAY})::int as sent_last_day,
      min(created_at) filter (where status = 'pending') as oldest_pending_at,
      (select last_error from email_outbox e where e.last_error is not null order by e.created_at desc, e.id desc limit 1) as last_error
    from email_outbox`);
  return rowOf(result);
}

/** Reply jobs by state, those failed in the last day and the oldest still queued. */
export async function replyHealth(db: DbOrTx) {
  const byStatus = rowsOf(await db.execute(sql`select status, count(*)::int as n from reply_jobs group by status`));
  const summary = rowOf(
    await db.execute(sql`select
        count(*) filter (where status = 'failed' and coalesce(finished_at, created_at) > ${DAY})::int as failed_last_day,
        min(created_at) filter (where status = 'queued') as oldest_queued_at
      from reply_jobs`),
  );
  return { byStatus, summary };
}

/** Data exports waiting, being made, and failed in the last day. */
export async function exportHealth(db: DbOrTx) {
  return rowOf(
    await db.execute(sql`select
        count(*) filter (where status = 'queued')::int as queued,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed' and coalesce(finished_at, created_at) > ${DAY})::int as failed_last_day
      from data_exports`),
  );
}

type Row = Record<string, unknown>;
/** node-postgres answers `{ rows }`; PGlite too. */
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const rowOf = (result: unknown): Row => rowsOf(result)[0] ?? {};
