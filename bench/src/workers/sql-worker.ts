import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serveCommands } from '../support/child-worker';
import { PGLITE_EXTENSIONS } from '../../../apps/api/src/db/client';
import { explainText, loadInbox, loadSearch, loadSearchNewer } from './sql-fixtures';
import { summarize, type LatencySummary } from '../support/stats';

/**
 * Direct SQL on the bench's database, from its own process: the bulk loads for the history, inbox
 * and search scenarios (sql-fixtures.ts), the `EXPLAIN ANALYZE` of the statements they time, and
 * the raw single-row INSERT/SELECT baselines (what the database alone can do).
 */
export type SqlCommand =
  | { cmd: 'open'; kind: 'pglite'; dataDir: string }
  | { cmd: 'open'; kind: 'postgres'; url: string; poolSize: number }
  | { cmd: 'bulkLoad'; conversationId: string; senderIds: [string, string]; count: number }
  | { cmd: 'rawInsert'; senderId: string; count: number; concurrency: number }
  | { cmd: 'rawSelect'; conversationId: string; count: number; pageSize: number }
  | { cmd: 'pageAnchors'; conversationId: string; count: number }
  | { cmd: 'explain'; conversationId: string; pageSize: number }
  | { cmd: 'inboxLoad'; personId: string; conversations: number; messagesEach: number }
  | { cmd: 'searchLoad'; readerId: string; count: number; conversations: number; otherReaders?: string[] }
  | { cmd: 'searchLoadNewer'; readerId: string; count: number; otherReaders?: string[] }
  | { cmd: 'explainSql'; text: string; params: unknown[] }
  | { cmd: 'rows'; text: string; params: unknown[] }
  | { cmd: 'close' };

export interface RawInsertResult {
  rows: number;
  concurrency: number;
  perSecond: number;
  latency: LatencySummary;
}

export interface RawSelectResult {
  byPrimaryKey: LatencySummary;
  /** The two statements the API runs for a `before` page: the anchor's seq, then 50 rows below it. */
  page: LatencySummary;
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
let query: Query;
let close: () => Promise<void> = async () => {};
let kind: 'pglite' | 'postgres' = 'pglite';

/** A time-ordered UUIDv7 like the API's ids, so index locality matches. */
function uuidv7(): string {
  const bytes = randomBytes(16);
  const ms = BigInt(Date.now());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function timed<T>(samples: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  samples.push(performance.now() - started);
  return result;
}

/**
 * generate_series rows with gap-free seq, created_at one second apart ending now, and UUIDv7 ids
 * derived from created_at (so id order, seq order and time order agree as they do for real sends).
 */
async function bulkLoad(conversationId: string, senderIds: [string, string], count: number) {
  const started = performance.now();
  const chunk = 100_000;
  await query(`select 1`);
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await query(
      `insert into messages (id, conversation_id, seq, sender_agent_id, content, message_type, client_message_id, created_at)
       select (lpad(to_hex((extract(epoch from s.ts) * 1000)::bigint), 12, '0') || '7' || substr(s.h, 1, 3) || '8' || substr(s.h, 4, 15))::uuid,
              $1::uuid, s.g, case when s.g % 2 = 0 then $2::uuid else $3::uuid end,
              'History message ' || s.g || ': ' || repeat('lorem ipsum ', 1 + s.g % 8), 'text', 'bulk-' || s.g, s.ts
       from (select g, now() - make_interval(secs => $5::int - g) as ts, md5($7 || g::text) as h
             from generate_series($4::int, $6::int) as g) as s`,
      [conversationId, senderIds[0], senderIds[1], from, count + 1, to, conversationId],
    );
  }
  await query(`update conversations set last_seq = $2, last_message_at = now() - interval '1 second' where id = $1`, [conversationId, count]);
  await query('analyze messages');
  return { seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function rawInsert(senderId: string, count: number, concurrency: number): Promise<RawInsertResult> {
  const conversationId = uuidv7();
  await query(`insert into conversations (id, type, pair_key) values ($1, 'personal', $2)`, [conversationId, `bench-raw:${conversationId}`]);
  const samples: number[] = [];
  let seq = 0;
  const started = performance.now();
  const lane = async () => {
    while (seq < count) {
      seq += 1;
      const mine = seq;
      await timed(samples, () =>
        query(
          `insert into messages (id, conversation_id, seq, sender_agent_id, content, client_message_id) values ($1, $2, $3, $4, $5, $6)`,
          [uuidv7(), conversationId, mine, senderId, 'Raw insert baseline message of a typical length for a chat.', `raw-${conversationId}-${mine}`],
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  await query(`delete from conversations where id = $1`, [conversationId]);
  return { rows: count, concurrency, perSecond: Math.round(count / seconds), latency: summarize(samples) };
}

async function pageAnchors(conversationId: string, count: number) {
  const { rows } = await query(
    `select id from messages where conversation_id = $1 and seq = any($2::bigint[])`,
    [conversationId, await randomSeqs(conversationId, count)],
  );
  return rows.map((r) => String(r.id));
}

async function randomSeqs(conversationId: string, count: number): Promise<number[]> {
  const { rows } = await query(`select last_seq from conversations where id = $1`, [conversationId]);
  const last = Number(rows[0]!.last_seq);
  // Anchors from seq 51 up, so every page is a full 50 rows.
  return Array.from({ length: count }, () => 51 + Math.floor(Math.random() * (last - 50)));
}

async function rawSelect(conversationId: string, count: number, pageSize: number): Promise<RawSelectResult> {
  const anchors = await pageAnchors(conversationId, count);
  const byKey: number[] = [];
  const page: number[] = [];
  for (const id of anchors) await timed(byKey, () => query(`select * from messages where id = $1`, [id]));
  for (const id of anchors)
    await timed(page, async () => {
      const { rows } = await query(`select seq from messages where id = $1 and conversation_id = $2 limit 1`, [id, conversationId]);
      await query(`select * from messages where conversation_id = $1 and seq < $2 order by seq desc limit $3`, [
        conversationId,
        rows[0]!.seq,
        pageSize + 1,
      ]);
    });
  return { byPrimaryKey: summarize(byKey), page: summarize(page) };
}

async function explain(conversationId: string, pageSize: number) {
  const [anchor] = await pageAnchors(conversationId, 1);
  const { rows } = await query(`select seq from messages where id = $1`, [anchor]);
  const plan = await query(
    `explain (analyze, buffers) select * from messages where conversation_id = $1 and seq < $2 order by seq desc limit $3`,
    [conversationId, rows[0]!.seq, pageSize + 1],
  );
  return plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

serveCommands<SqlCommand>(async (command) => {
  switch (command.cmd) {
    case 'open': {
      kind = command.kind;
      if (command.kind === 'pglite') {
        // The API's extensions too: its indexes need their code on every write.
        const db = new PGlite(path.join(command.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
        await db.waitReady;
        query = (text, params) => db.query(text, params) as Promise<{ rows: Record<string, unknown>[] }>;
        close = () => db.close();
      } else {
        const pool = new pg.Pool({ connectionString: command.url, max: command.poolSize });
        query = (text, params) => pool.query(text, params);
        close = () => pool.end();
      }
      return { kind };
    }
    case 'bulkLoad':
      return bulkLoad(command.conversationId, command.senderIds, command.count);
    case 'rawInsert':
      return rawInsert(command.senderId, command.count, kind === 'pglite' ? 1 : command.concurrency);
    case 'rawSelect':
      return rawSelect(command.conversationId, command.count, command.pageSize);
    case 'pageAnchors':
      return pageAnchors(command.conversationId, command.count);
    case 'explain':
      return explain(command.conversationId, command.pageSize);
    case 'inboxLoad':
      return loadInbox(query, command.personId, command.conversations, command.messagesEach);
    case 'searchLoad':
      return loadSearch(query, command.readerId, command.count, command.conversations, command.otherReaders);
    case 'searchLoadNewer':
      return loadSearchNewer(query, command.readerId, command.count, command.otherReaders);
    case 'explainSql':
      return explainText(query, command.text, command.params);
    case 'rows':
      return (await query(command.text, command.params)).rows;
    case 'close':
      await close();
      return { closed: true };
  }
});
