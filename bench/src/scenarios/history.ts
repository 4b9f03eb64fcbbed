import { startConversation } from '../support/api-client';
import { spawnWorker } from '../support/child-worker';
import type { VariantContext } from '../support/variant';
import type { PageLoadResult } from '../workers/page-load-worker';
import type { RawInsertResult, RawSelectResult } from '../workers/sql-worker';
import type { WriteLoadOutcome } from '../workers/write-load-worker';
import { underWriteLoad } from './write-load';

export interface HistoryResult {
  messages: number;
  bulkLoadSeconds: number;
  /** One client, one page at a time: the latency a user scrolling back sees. */
  api: PageLoadResult;
  /** Several clients at once, for throughput. */
  apiConcurrent: PageLoadResult & { concurrency: number };
  /** The same pages, one client, while background senders write through the API into other conversations. */
  busy?: { api: PageLoadResult; writes: WriteLoadOutcome };
  raw: RawSelectResult;
  rawInsert: RawInsertResult;
  explain: string;
}

const PAGE = 50;

/**
 * One conversation holding `messages` rows, loaded with SQL (as if years of chat had happened), then
 * random `before`-cursor pages of 50 through the API beside the same statements on a raw connection.
 */
export async function runHistory(ctx: VariantContext): Promise<HistoryResult> {
  const { messages: count, pages, concurrency, rawQueries } = ctx.settings.history;
  const [a, b] = ctx.users.slice(-2) as [VariantContext['users'][number], VariantContext['users'][number]];
  const conversationId = await startConversation(ctx.apiUrls[0]!, a, b);

  const sql = spawnWorker('sql-worker.ts');
  const loaded = await ctx.withDatabaseAccess(async () => {
    try {
      await sql.call({ cmd: 'open', ...ctx.sql });
      ctx.log(`history: loading ${count.toLocaleString('en')} messages with generate_series`);
      const { seconds } = await sql.call<{ seconds: number }>({ cmd: 'bulkLoad', conversationId, senderIds: [a.agentId, b.agentId], count });
      ctx.log(`history: loaded in ${seconds} s; raw single-row baselines`);
      const rawInsert = await sql.call<RawInsertResult>({ cmd: 'rawInsert', senderId: a.agentId, count: rawQueries, concurrency: 10 });
      const raw = await sql.call<RawSelectResult>({ cmd: 'rawSelect', conversationId, count: rawQueries, pageSize: PAGE });
      const explain = await sql.call<string>({ cmd: 'explain', conversationId, pageSize: PAGE });
      const anchors = await sql.call<string[]>({ cmd: 'pageAnchors', conversationId, count: pages });
      await sql.call({ cmd: 'close' });
      return { seconds, rawInsert, raw, explain, anchors };
    } finally {
      await sql.stop();
    }
  });

  const paths = loaded.anchors.map((id) => `/api/v1/chat/conversations/${conversationId}/messages?limit=${PAGE}&before=${id}`);
  const load = spawnWorker('page-load-worker.ts');
  try {
    const origin = ctx.apiUrls[0]!;
    // Warm-up: the first pages pay for cold caches and JIT, which a long-running server has paid already.
    await load.call({ origin, token: a.token, paths: paths.slice(0, 50), concurrency: 1 });
    const api = await load.call<PageLoadResult>({ origin, token: a.token, paths, concurrency: 1 });
    const apiConcurrent = await load.call<PageLoadResult>({ origin, token: a.token, paths, concurrency });
    const rate = ctx.settings.reads.writeRate;
    // As many pages as the concurrent reads' rounds take (quick mode's stays short), at most all of them.
    const busyPaths = paths.slice(0, ctx.settings.reads.perClient * ctx.settings.reads.clients);
    const busy = await underWriteLoad(ctx, rate, () => load.call<PageLoadResult>({ origin, token: a.token, paths: busyPaths, concurrency: 1 }));
    ctx.log(`history under ${rate} writes/s: API page p50 ${busy.result.latency.p50} p99 ${busy.result.latency.p99} ms; failures ${busy.result.failures}`);
    ctx.log(
      `history: API page p50 ${api.latency.p50} p99 ${api.latency.p99} ms (raw SQL p50 ${loaded.raw.page.p50} p99 ${loaded.raw.page.p99}); ` +
        `${apiConcurrent.perSecond} pages/s at ${concurrency} clients; failures ${api.failures + apiConcurrent.failures}`,
    );
    return {
      messages: count,
      bulkLoadSeconds: loaded.seconds,
      api,
      apiConcurrent: { ...apiConcurrent, concurrency },
      busy: { api: busy.result, writes: busy.writes },
      raw: loaded.raw,
      rawInsert: loaded.rawInsert,
      explain: loaded.explain,
    };
  } finally {
    await load.stop();
  }
}
