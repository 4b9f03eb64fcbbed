import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client';
import { countPendingMail, countReplyJobsByState } from './metrics-repo';

/** The reply-job states an operator watches: the backlog and the work in hand (finished rows only grow). */
const LIVE_REPLY_STATES = ['queued', 'running'] as const;

/**
 * Every metric of one running server, on its own registry: tests run two servers in one process,
 * so nothing goes on prom-client's global default registry. Domain code only increments counters
 * (`ctx.metrics?.messagesStored.inc()`); gauges that need the database are read at scrape time,
 * one cheap indexed query each, so nothing polls between scrapes.
 */
export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  messagesStored: Counter;
  modelErrors: Counter<'kind'>;
  mailDeliveryFailures: Counter<'outcome'>;
  /** Where the connected-sockets gauge reads from, once the socket server exists. */
  countSocketsWith(source: () => number): void;
}

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  // Process CPU, memory, GC and event-loop lag (nodejs_eventloop_lag_seconds and percentiles).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  let connectedSockets: () => number = () => 0;
  new Gauge({
    name: 'agentroom_sockets_connected',
    help: 'Socket.IO connections open on this node',
    registers,
    collect() {
      this.set(connectedSockets());
    },
  });

  new Gauge({
    name: 'agentroom_mail_outbox_pending',
    help: 'Mails waiting in the outbox for delivery (all nodes)',
    registers,
    async collect() {
      await readOrReset(this, async () => {
        this.set(await countPendingMail(db));
      });
    },
  });

  new Gauge({
    name: 'agentroom_ai_reply_jobs',
    help: 'AI reply jobs by state: queued (backlog) and running (being written), all nodes',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      await readOrReset(this, async () => {
        const rows = await countReplyJobsByState(db, LIVE_REPLY_STATES);
        for (const state of LIVE_REPLY_STATES) this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
      });
    },
  });

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'agentroom_http_request_duration_seconds',
      help: 'HTTP request latency by Express route pattern (never the raw path), method and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    messagesStored: new Counter({ name: 'agentroom_messages_stored_total', help: 'Chat messages stored by this node', registers }),
    modelErrors: new Counter({
      name: 'agentroom_ai_model_errors_total',
      help: 'AI replies that failed at the model, by failure kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    mailDeliveryFailures: new Counter({
      name: 'agentroom_mail_delivery_failures_total',
      help: 'Failed mail delivery attempts: outcome "retry" will be tried again, "failed" was given up',
      labelNames: ['outcome'] as const,
      registers,
    }),
    countSocketsWith(source) {
      connectedSockets = source;
    },
  };
}

/** A database that does not answer leaves the gauge out of this scrape instead of failing the whole scrape. */
async function readOrReset(gauge: Gauge<string>, read: () => Promise<void>) {
  try {
    await read();
  } catch {
    gauge.reset();
  }
}
