import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  method: string;
  /** By lower-case name, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The body as received, before any parsing: what the signature covers. */
  rawBody: string;
}

/** How the receiver answers one request: a status (with a body and headers), or never (`'hang'`, until it closes). */
export type WebhookAnswer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

type Waiter = { path: string; count: number; resolve: (received: ReceivedWebhook[]) => void };

/**
 * A real HTTP server on a loopback port taking webhooks: it records every request and answers each
 * path from its script (in order; 200 once the script runs out). Tests read what arrived, wait for
 * the nth request at a path, and check signatures with `verifyWebhookSignature`.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, WebhookAnswer[]>();
  const waiters: Waiter[] = [];
  /** Requests held unanswered ('hang') whose connection the caller has not dropped yet, by path. */
  const hanging = new Map<string, number>();
  const at = (path: string) => received.filter((r) => r.path === path);

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      received.push({ path, method: req.method ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      for (const waiter of [...waiters]) {
        if (waiter.path !== path || at(path).length < waiter.count) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(at(path));
      }
      const answer = scripts.get(path)?.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        hanging.set(path, (hanging.get(path) ?? 0) + 1);
        res.on('close', () => hanging.set(path, (hanging.get(path) ?? 1) - 1));
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The receiver's address for a path of its own (e.g. one per agent). */
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** What arrived at `path`, in order. */
    at,
    /** How many requests at `path` are held unanswered with their caller still waiting. */
    hanging: (path: string) => hanging.get(path) ?? 0,
    /** The answers `path` gives, one per request, in order. */
    script(path: string, answers: WebhookAnswer[]) {
      scripts.set(path, [...answers]);
    },
    /** Resolves with the requests at `path` once `count` of them have arrived. */
    waitFor(path: string, count = 1): Promise<ReceivedWebhook[]> {
      if (at(path).length >= count) return Promise.resolve(at(path));
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
