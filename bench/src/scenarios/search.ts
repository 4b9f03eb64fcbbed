import { spawnWorker, type WorkerHandle } from '../support/child-worker';
import type { VariantContext } from '../support/variant';
import type { PageLoadResult } from '../workers/page-load-worker';
import { searchQueries, type SearchLoadResult, type SearchNewerResult } from '../workers/sql-fixtures';
import { searchPageParams, searchPageSql, searchReadableSql } from './api-statements';
import { runCheckedReads, type CheckedReadsResult } from './checked-reads';
import { searchPeople } from './reads-people';
import { searchExpectations, type SearchExpectations } from './search-expectations';
import { underWriteLoad } from './write-load';
import type { WriteLoadOutcome } from '../workers/write-load-worker';

/** One timed round of the query mix on the database as it then is, with what explains it. */
interface SearchRound {
  /** The query mix, one request at a time, each query in turn (page 1, and page 3 of the commonest word). */
  api: PageLoadResult;
  /** How many messages each query matches in the whole table, and in what the searcher may read. */
  matches: Record<string, { all: number; readable: number }>;
  /** `EXPLAIN (ANALYZE, BUFFERS)` of the page statement, by query label. */
  explain: Record<string, string>;
}

export interface SearchResult extends SearchRound {
  /** The search load: the searcher's 100 conversations and others' 900 (the quiet round, `api`, runs on these alone). */
  load: SearchLoadResult;
  /**
   * The busy round: the same mix again after `newer.messages` newer messages in the others'
   * conversations (a busy server's traffic; the searcher's own messages unchanged).
   */
  busy?: SearchRound & { newer: SearchNewerResult };
  /**
   * Eight searchers at once, each with queries of every kind, every answer checked against the
   * seeded data: on the load alone (`quiet`), then while background senders write through the API
   * into other conversations (`underWrites`).
   */
  concurrent?: { quiet: CheckedReadsResult; underWrites: CheckedReadsResult; writes: WriteLoadOutcome; hitsPerSearcher: Record<string, number>[] };
}

const PAGE = 20;

/** Labels whose page statement is EXPLAINed (page 1; and page 3 of the commonest word). */
const EXPLAINED = /commonest|10th|1,000th|rare|two words|phrase|exclusion/;

/**
 * `messages` messages (loaded with SQL) over many conversations, one in ten of them the searcher's;
 * `GET /chat/search?q=…` for a mix of common, rare, phrase, exclusion and no-match queries. Timed
 * twice: on the search load alone (quiet), then after newer messages in conversations the searcher
 * is not in (busy): a search's cost should follow what the searcher may read, not others' traffic.
 */
export async function runSearch(ctx: VariantContext): Promise<SearchResult> {
  const { messages, newer, conversations } = ctx.settings.search;
  const count = ctx.name === 'postgres' ? messages.postgres : messages.pglite;
  const newerCount = ctx.name === 'postgres' ? newer.postgres : newer.pglite;
  const reader = ctx.users.at(-4)!;
  const searchers = searchPeople(ctx);

  const { load, ...quietSql } = await withSql(ctx, async (sql) => {
    ctx.log(`search: ${count.toLocaleString('en')} messages over ${conversations} conversations with SQL`);
    const loaded = await sql.call<SearchLoadResult>({ cmd: 'searchLoad', readerId: reader.agentId, count, conversations, otherReaders: searchers.map((p) => p.agentId) });
    ctx.log(`search: loaded in ${loaded.seconds} s`);
    const expected: SearchExpectations[] = [];
    for (const p of searchers) expected.push(await searchExpectations(sql, p.agentId));
    return { load: loaded, expected, ...(await inspect(sql, reader.agentId)) };
  });
  const { expected, ...quietRound } = quietSql;
  const quiet = { ...quietRound, api: await timeMix(ctx, reader, 'quiet') };
  const people = searchers.map((p, i) => ({ token: p.token, requests: expected[i]!.requests }));
  const checkedQuiet = await runCheckedReads(ctx, 'search', people, 'quiet');
  const busyChecked = await underWriteLoad(ctx, ctx.settings.reads.writeRate, () => runCheckedReads(ctx, 'search', people, `under ${ctx.settings.reads.writeRate} writes/s`));
  const concurrent = { quiet: checkedQuiet, underWrites: busyChecked.result, writes: busyChecked.writes, hitsPerSearcher: expected.map((e) => e.hits) };
  if (newerCount === 0) return { load, ...quiet, concurrent };

  const { newer: newerLoad, ...busySql } = await withSql(ctx, async (sql) => {
    ctx.log(`search: ${newerCount.toLocaleString('en')} newer messages in the others' conversations with SQL`);
    const loaded = await sql.call<SearchNewerResult>({ cmd: 'searchLoadNewer', readerId: reader.agentId, count: newerCount, otherReaders: searchers.map((p) => p.agentId) });
    ctx.log(`search: ${loaded.messages.toLocaleString('en')} newer messages loaded in ${loaded.seconds} s`);
    return { newer: loaded, ...(await inspect(sql, reader.agentId)) };
  });
  const busy = { newer: newerLoad, ...busySql, api: await timeMix(ctx, reader, 'busy') };
  return { load, ...quiet, busy, concurrent };
}

/** Direct SQL on the bench's database from the SQL worker (PGlite: the API is stopped meanwhile). */
async function withSql<T>(ctx: VariantContext, work: (sql: WorkerHandle) => Promise<T>): Promise<T> {
  const sql = spawnWorker('sql-worker.ts');
  return ctx.withDatabaseAccess(async () => {
    try {
      await sql.call({ cmd: 'open', ...ctx.sql });
      const result = await work(sql);
      await sql.call({ cmd: 'close' });
      return result;
    } finally {
      await sql.stop();
    }
  });
}

/** How many messages each query matches, and the EXPLAIN ANALYZE of the page statement for some. */
async function inspect(sql: WorkerHandle, readerId: string): Promise<Omit<SearchRound, 'api'>> {
  const queries = Object.entries(searchQueries());
  const [commonestLabel, commonest] = queries[0]!;
  const matches: SearchRound['matches'] = {};
  for (const [label, q] of queries) {
    const [row] = await sql.call<{ all: number; readable: number }[]>({
      cmd: 'rows',
      text: `select count(*)::int as all, (count(*) filter (where exists (
               select 1 from conversation_participants p where p.conversation_id = m.conversation_id and p.agent_id = $2)))::int as readable
             from messages m where m.search_vector @@ websearch_to_tsquery('english', $1)`,
      params: [q, readerId],
    });
    matches[label] = row!;
  }
  const readable = await sql.call<{ id: string }[]>({ cmd: 'rows', text: searchReadableSql, params: [readerId] });
  const ids = readable.map((r) => r.id);
  const explain: Record<string, string> = {
    readable: await sql.call<string>({ cmd: 'explainSql', text: searchReadableSql, params: [readerId] }),
  };
  const explained: [string, string, number][] = [
    ...queries.filter(([label]) => EXPLAINED.test(label)).map(([label, q]): [string, string, number] => [label, q, 1]),
    [`${commonestLabel}, page 3`, commonest, 3],
  ];
  for (const [label, q, page] of explained)
    explain[label] = await sql.call<string>({ cmd: 'explainSql', text: searchPageSql, params: searchPageParams(ids, q, page, PAGE) });
  return { matches, explain };
}

/** The query mix through the API, one request at a time after one warm-up round. */
async function timeMix(ctx: VariantContext, reader: VariantContext['users'][number], round: 'quiet' | 'busy'): Promise<PageLoadResult> {
  const queries = Object.entries(searchQueries());
  const [commonestLabel, commonest] = queries[0]!;
  const mix = queries.map(([label, q]) => ({ label, path: `/api/v1/chat/search?q=${encodeURIComponent(q)}` }));
  mix.push({ label: `${commonestLabel}, page 3`, path: `/api/v1/chat/search?q=${encodeURIComponent(commonest)}&page=3` });
  const picks = Array.from({ length: ctx.settings.search.requests }, (_, i) => mix[i % mix.length]!);
  const load = spawnWorker('page-load-worker.ts');
  try {
    const origin = ctx.apiUrls[0]!;
    await load.call({ origin, token: reader.token, paths: mix.map((m) => m.path), concurrency: 1, check: 'ok' });
    const api = await load.call<PageLoadResult>({
      origin,
      token: reader.token,
      paths: picks.map((p) => p.path),
      labels: picks.map((p) => p.label),
      concurrency: 1,
      check: 'ok',
    });
    ctx.log(`search (${round}): p50 ${api.latency.p50} p95 ${api.latency.p95} p99 ${api.latency.p99} ms; failures ${api.failures}`);
    return api;
  } finally {
    await load.stop();
  }
}
