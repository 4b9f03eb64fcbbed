import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';

/** What a request's answer must be, from the seeded data: the page's ids in order, whether more follow, and (inbox) each conversation's unread count. */
export interface ExpectedPage {
  ids: string[];
  hasMore: boolean;
  unread?: number[];
}

export interface CheckedRequest {
  path: string;
  /** The query class the latency is summarized under. */
  label: string;
  expect: ExpectedPage;
}

/** One person's client: its own token, its own connection, its own list of requests (cycled from `offset`). */
export interface ReadClient {
  token: string;
  origin: string;
  requests: CheckedRequest[];
  offset: number;
}

export interface CheckedReadCommand {
  kind: 'inbox' | 'search';
  clients: ReadClient[];
  /** Requests each client makes, one at a time (closed loop). */
  perClient: number;
  /** Epoch ms all workers start at, so their clients overlap. */
  startAt: number;
}

export interface CheckedReadOutcome {
  requests: number;
  /** Non-200 answers and transport errors. */
  failed: number;
  /** 200 answers that differ from the expected page. */
  wrong: number;
  firstErrors: string[];
  /** Latency samples (ms) by label. */
  samples: Record<string, number[]>;
  seconds: number;
}

interface InboxBody {
  data?: { conversations?: { id: string; unreadCount: number }[]; pagination?: { hasMore: boolean } };
}
interface SearchBody {
  data?: { results?: { messageId: string }[]; pagination?: { hasMore: boolean } };
}

/** Why an answer is not the expected page ('' when it is). */
function mismatch(kind: CheckedReadCommand['kind'], body: unknown, expect: ExpectedPage): string {
  if (kind === 'inbox') {
    const data = (body as InboxBody).data;
    const rows = data?.conversations ?? [];
    const ids = rows.map((c) => c.id);
    if (ids.join() !== expect.ids.join()) {
      const at = ids.findIndex((id, i) => id !== expect.ids[i]);
      return `ids differ (${ids.length} got, ${expect.ids.length} expected; first at ${at}: ${JSON.stringify(rows[at] ?? null).slice(0, 400)})`;
    }
    if (expect.unread && rows.some((c, i) => c.unreadCount !== expect.unread![i])) return 'unread counts differ';
    if (data?.pagination?.hasMore !== expect.hasMore) return `hasMore ${data?.pagination?.hasMore}, expected ${expect.hasMore}`;
    return '';
  }
  const data = (body as SearchBody).data;
  const ids = (data?.results ?? []).map((r) => r.messageId);
  if (ids.join() !== expect.ids.join()) return `hits differ (${ids.length} got, ${expect.ids.length} expected; first at ${ids.findIndex((id, i) => id !== expect.ids[i])})`;
  if (data?.pagination?.hasMore !== expect.hasMore) return `hasMore ${data?.pagination?.hasMore}, expected ${expect.hasMore}`;
  return '';
}

/**
 * Several people's clients in one process, each closed-loop on its own connection, every answer
 * compared with the page the seeded data says it must be: a fast wrong answer is an error.
 */
serveCommands<CheckedReadCommand>(async ({ kind, clients, perClient, startAt }) => {
  const outcome: CheckedReadOutcome = { requests: 0, failed: 0, wrong: 0, firstErrors: [], samples: {}, seconds: 0 };
  const note = (line: string) => {
    if (outcome.firstErrors.length < 5) outcome.firstErrors.push(line);
  };
  const pools = clients.map((c) => new Pool(c.origin, { connections: 1 }));
  const one = async (client: ReadClient, pool: Pool, request: CheckedRequest) => {
    const t0 = performance.now();
    try {
      const res = await pool.request({ method: 'GET', path: request.path, headers: { authorization: `Bearer ${client.token}` } });
      const body = await res.body.json();
      const ms = performance.now() - t0;
      outcome.requests += 1;
      (outcome.samples[request.label] ??= []).push(ms);
      if (res.statusCode !== 200) {
        outcome.failed += 1;
        note(`${request.path} → ${res.statusCode}`);
        return;
      }
      const why = mismatch(kind, body, request.expect);
      if (why) {
        outcome.wrong += 1;
        note(`${request.label}: ${request.path}: ${why}`);
      }
    } catch (error) {
      outcome.requests += 1;
      outcome.failed += 1;
      note(`${request.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const wait = startAt - (performance.timeOrigin + performance.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const started = performance.now();
  await Promise.all(
    clients.map(async (c, i) => {
      for (let k = 0; k < perClient; k++) await one(c, pools[i]!, c.requests[(c.offset + k) % c.requests.length]!);
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  await Promise.all(pools.map((p) => p.close()));
  return outcome;
});
