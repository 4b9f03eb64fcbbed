import { request } from 'undici';
import { spawnWorker } from '../support/child-worker';
import { measureCpu } from '../support/server-process';
import type { VariantContext } from '../support/variant';
import type { PageLoadResult } from '../workers/page-load-worker';
import type { InboxLoadResult } from '../workers/sql-fixtures';
import { inboxPageSql, inboxStepSql, inboxUnreadSql } from './api-statements';
import { runCheckedReads, type CheckedPerson, type CheckedReadsResult } from './checked-reads';
import { inboxPeople } from './reads-people';
import type { CheckedRequest } from '../workers/checked-read-worker';

export interface InboxResult {
  load: Omit<InboxLoadResult, 'ids' | 'unread'>;
  /** Eight people at once (each in a different number of conversations), every page checked. */
  concurrent?: CheckedReadsResult & { conversations: number[] };
  pageSize: number;
  /** Every page of the list in turn (what the web app's sidebar fetches), one request at a time. */
  api: PageLoadResult;
  /** Whether the API's unread counts over all pages add up to the messages from others past the read cursors. */
  unreadTotal: { api: number; expected: number };
  explain: Record<string, string>;
  /**
   * CPU (user + system, from /proc) per request over the timed requests: the API node, the Postgres
   * backends of the bench database and Redis. What load on a shared machine distorts least.
   */
  cpuMsPerRequest: Record<string, number>;
}

const PAGE = 100;

/**
 * A person in `conversations` conversations (loaded with SQL) lists them the way the web app's
 * sidebar does: `GET /chat/conversations?page=n&limit=100`, every page in turn, one at a time.
 */
export async function runInbox(ctx: VariantContext): Promise<InboxResult> {
  const { conversations, messagesEach, requests } = ctx.settings.inbox;
  const person = ctx.users.at(-3)!;
  const sql = spawnWorker('sql-worker.ts');
  const loaded = await ctx.withDatabaseAccess(async () => {
    try {
      await sql.call({ cmd: 'open', ...ctx.sql });
      ctx.log(`inbox: ${conversations} conversations of ${messagesEach} messages with SQL`);
      const load = await sql.call<InboxLoadResult>({ cmd: 'inboxLoad', personId: person.agentId, conversations, messagesEach });
      const first = await sql.call<{ id: string }[]>({ cmd: 'rows', text: inboxPageSql, params: [person.agentId, PAGE + 1, 0] });
      const ids = first.slice(0, PAGE).map((r) => r.id);
      const explain: Record<string, string> = {
        page: await sql.call<string>({ cmd: 'explainSql', text: inboxPageSql, params: [person.agentId, PAGE + 1, 0] }),
        ...(inboxUnreadSql ? { unread: await sql.call<string>({ cmd: 'explainSql', text: inboxUnreadSql, params: [ids, person.agentId] }) } : {}),
      };
      for (const [name, text] of Object.entries(inboxStepSql))
        explain[name] = await sql.call<string>({ cmd: 'explainSql', text, params: name === 'details' ? [ids, person.agentId] : [ids] });
      const people: InboxLoadResult[] = [];
      for (const [i, who] of inboxPeople(ctx).entries())
        people.push(await sql.call<InboxLoadResult>({ cmd: 'inboxLoad', personId: who.agentId, conversations: ctx.settings.reads.inboxConversations[i]!, messagesEach: ctx.settings.reads.inboxMessagesEach }));
      await sql.call({ cmd: 'close' });
      return { load, explain, people };
    } finally {
      await sql.stop();
    }
  });

  const origin = ctx.apiUrls[0]!;
  const pages = Math.ceil(conversations / PAGE);
  // Every page, to the last one (the person may be in more conversations than the load's, which then
  // move some of them to a page beyond the load's count), adding up the loaded conversations' counts.
  const loadedIds = new Set(loaded.load.ids);
  let unread = 0;
  for (let page = 1, more = true; more; page++) {
    const res = await request(`${origin}/api/v1/chat/conversations?page=${page}&limit=${PAGE}`, { headers: { authorization: `Bearer ${person.token}` } });
    const body = (await res.body.json()) as { data: { conversations: { id: string; unreadCount: number }[]; pagination: { hasMore: boolean } } };
    unread += body.data.conversations.reduce((sum, c) => sum + (loadedIds.has(c.id) ? c.unreadCount : 0), 0);
    more = body.data.pagination.hasMore;
  }

  const paths = Array.from({ length: requests }, (_, i) => `/api/v1/chat/conversations?page=${(i % pages) + 1}&limit=${PAGE}`);
  const labels = paths.map((_, i) => `page ${(i % pages) + 1}`);
  const load = spawnWorker('page-load-worker.ts');
  try {
    await load.call({ origin, token: person.token, paths: paths.slice(0, 5 * pages), concurrency: 1, check: 'ok' });
    const groups = { api: ctx.serverPids(), ...(await ctx.otherProcesses()) };
    const measured = await measureCpu(groups, () =>
      load.call<PageLoadResult>({ origin, token: person.token, paths, concurrency: 1, check: 'ok', labels }),
    );
    const api = measured.result;
    const cpuMsPerRequest = Object.fromEntries(
      Object.entries(measured.cpuSeconds).map(([group, seconds]) => [group, Math.round((seconds * 1e6) / requests) / 1000]),
    );
    ctx.log(
      `inbox: page of ${PAGE} p50 ${api.latency.p50} p95 ${api.latency.p95} p99 ${api.latency.p99} ms; ` +
        `unread ${unread} (expected ${loaded.load.expectedUnread}); failures ${api.failures}; CPU ms per request ${JSON.stringify(cpuMsPerRequest)}`,
    );
    const { ids: _ids, unread: _unread, ...written } = loaded.load;
    const people = inboxPeople(ctx).map((who, i) => ({ token: who.token, requests: inboxRequests(loaded.people[i]!) }));
    const concurrent = { ...(await runCheckedReads(ctx, 'inbox', people, 'concurrent')), conversations: loaded.people.map((p) => p.conversations) };
    return { load: written, pageSize: PAGE, api, unreadTotal: { api: unread, expected: loaded.load.expectedUnread }, explain: loaded.explain, cpuMsPerRequest, concurrent };
  } finally {
    await load.stop();
  }
}

/**
 * A person's pages as the seeded data says they must be: their conversations newest first, each
 * page's ids in order with its unread counts, and whether more follow. Pages of 100 (the sidebar's)
 * and of 25, and one past the end.
 */
function inboxRequests(load: InboxLoadResult): CheckedPerson['requests'] {
  const requests: CheckedRequest[] = [];
  const add = (page: number, limit: number, label: string) => {
    const from = (page - 1) * limit;
    requests.push({
      path: `/api/v1/chat/conversations?page=${page}&limit=${limit}`,
      label,
      expect: { ids: load.ids.slice(from, from + limit), unread: load.unread.slice(from, from + limit), hasMore: load.ids.length > from + limit },
    });
  };
  const pages = Math.max(1, Math.ceil(load.ids.length / PAGE));
  for (let page = 1; page <= pages; page++) add(page, PAGE, page === 1 ? 'first page of 100' : 'later page of 100');
  for (let page = 1; page <= Math.min(4, Math.ceil(load.ids.length / 25)); page++) add(page, 25, 'page of 25');
  add(pages + 1, PAGE, 'past the end');
  return requests;
}
