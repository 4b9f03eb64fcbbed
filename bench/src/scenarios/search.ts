import { spawnWorker } from '../support/child-worker';
import type { VariantContext } from '../support/variant';
import type { PageLoadResult } from '../workers/page-load-worker';
import { searchQueries, type SearchLoadResult } from '../workers/sql-fixtures';
import { searchPageSql, searchReadableSql } from './api-statements';

export interface SearchResult {
  load: SearchLoadResult;
  /** The query mix, one request at a time, each query in turn (page 1, and page 3 of the commonest word). */
  api: PageLoadResult;
  /** How many messages each query matches in the whole table, and in what the searcher may read. */
  matches: Record<string, { all: number; readable: number }>;
  explain: Record<string, string>;
}

const PAGE = 20;

/**
 * `messages` messages (loaded with SQL) over many conversations, one in ten of them the searcher's;
 * `GET /chat/search?q=…` for a mix of common, rare, phrase, exclusion and no-match queries.
 */
export async function runSearch(ctx: VariantContext): Promise<SearchResult> {
  const { messages, conversations, requests } = ctx.settings.search;
  const count = ctx.name === 'postgres' ? messages.postgres : messages.pglite;
  const reader = ctx.users.at(-4)!;
  const queries = Object.entries(searchQueries());
  const sql = spawnWorker('sql-worker.ts');
  const loaded = await ctx.withDatabaseAccess(async () => {
    try {
      await sql.call({ cmd: 'open', ...ctx.sql });
      ctx.log(`search: ${count.toLocaleString('en')} messages over ${conversations} conversations with SQL`);
      const load = await sql.call<SearchLoadResult>({ cmd: 'searchLoad', readerId: reader.agentId, count, conversations });
      ctx.log(`search: loaded in ${load.seconds} s`);
      const matches: SearchResult['matches'] = {};
      for (const [label, q] of queries) {
        const [row] = await sql.call<{ all: number; readable: number }[]>({
          cmd: 'rows',
          text: `select count(*)::int as all, (count(*) filter (where exists (
                   select 1 from conversation_participants p where p.conversation_id = m.conversation_id and p.agent_id = $2)))::int as readable
                 from messages m where m.search_vector @@ websearch_to_tsquery('english', $1)`,
          params: [q, reader.agentId],
        });
        matches[label] = row!;
      }
      const readable = await sql.call<{ id: string }[]>({ cmd: 'rows', text: searchReadableSql, params: [reader.agentId] });
      const ids = `{${readable.map((r) => r.id).join(',')}}`;
      const explain: Record<string, string> = {
        readable: await sql.call<string>({ cmd: 'explainSql', text: searchReadableSql, params: [reader.agentId] }),
      };
      for (const [label, q] of queries.filter(([l]) => /commonest|10th|100th|1,000th|rare|phrase/.test(l)))
        explain[label] = await sql.call<string>({ cmd: 'explainSql', text: searchPageSql, params: [ids, q, PAGE + 1, 0] });
      await sql.call({ cmd: 'close' });
      return { load, matches, explain };
    } finally {
      await sql.stop();
    }
  });

  const mix = queries.map(([label, q]) => ({ label, path: `/api/v1/chat/search?q=${encodeURIComponent(q)}` }));
  const [commonestLabel, commonest] = queries[0]!;
  mix.push({ label: `${commonestLabel}, page 3`, path: `/api/v1/chat/search?q=${encodeURIComponent(commonest)}&page=3` });
  const picks = Array.from({ length: requests }, (_, i) => mix[i % mix.length]!);
  const origin = ctx.apiUrls[0]!;
  const load = spawnWorker('page-load-worker.ts');
  try {
    await load.call({ origin, token: reader.token, paths: mix.map((m) => m.path), concurrency: 1, check: 'ok' });
    const api = await load.call<PageLoadResult>({
      origin,
      token: reader.token,
      paths: picks.map((p) => p.path),
      labels: picks.map((p) => p.label),
      concurrency: 1,
      check: 'ok',
    });
    ctx.log(`search: p50 ${api.latency.p50} p95 ${api.latency.p95} p99 ${api.latency.p99} ms; failures ${api.failures}`);
    return { load: loaded.load, api, matches: loaded.matches, explain: loaded.explain };
  } finally {
    await load.stop();
  }
}
