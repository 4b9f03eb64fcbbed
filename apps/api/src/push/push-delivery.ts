import { Counter, type Registry } from 'prom-client';
import webpush from 'web-push';
import type { AppContext } from '../context';
import { HostNotFound, HostRefused } from '../ai/tools/mcp/host-rule';
import { pinnedFetch } from '../ai/tools/mcp/mcp-fetch';
import { checkEndpointForm } from './push-endpoint';
import { forgetPushDevice, markPushed, type PushDeviceRow } from './push-repo';

/** What the service worker shows: small (push services take about 4 KB; this stays well under 3 KB). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app path to open on a click. */
  url: string;
  /** The conversation: a phone shows one notification per tag, the newest. */
  tag: string;
}

export interface PushJob {
  device: PushDeviceRow;
  payload: PushPayload;
  /** How long the push service keeps it for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export interface PushDelivery {
  /** Queues the pushes; never waits for them (the caller is an event subscriber after a commit). */
  send(jobs: PushJob[]): void;
  /** Cuts deliveries in flight short and drops what waits. */
  stop(): Promise<void>;
}

/** Pushes in flight per node; the rest wait in order. */
const CONCURRENCY = 4;
/** Waiting pushes past this are dropped (with a warning): a burst must not grow memory without bound. */
const MAX_WAITING = 2000;
/** A push service answers with a short status line; nothing more is read. */
const MAX_RESPONSE_BYTES = 16 * 1024;

type Outcome = 'delivered' | 'gone' | 'rejected' | 'failed';

/**
 * Delivers pushes off the request path: a small queue, CONCURRENCY at a time, each within
 * PUSH_TIMEOUT_MS, under the host rule at every send (push-endpoint.ts). Push is best effort, like a
 * toast: a push that fails is logged and not retried (the unread-messages mail and the unread counts
 * still tell the person), so a push service that is down never causes a storm of retries. 404 and 410
 * mean the subscription is gone (unsubscribed, expired): the device is forgotten.
 */
export function createPushDelivery(ctx: AppContext, registry?: Registry): PushDelivery {
  const vapid = ctx.config.push.vapid;
  const { allowedHosts, timeoutMs } = ctx.config.push;
  const sent = new Counter({
    name: 'agentroom_push_deliveries_total',
    help: 'Push notifications this node sent, by outcome (delivered, gone: the device was forgotten, rejected, failed)',
    labelNames: ['outcome'] as const,
    registers: registry ? [registry] : [],
  });
  const stopping = new AbortController();
  const waiting: PushJob[] = [];
  const running = new Set<Promise<void>>();

  async function deliver(job: PushJob): Promise<Outcome> {
    if (!vapid) return 'failed';
    const { device } = job;
    checkEndpointForm(new URL(device.endpoint), allowedHosts);
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(job.payload), {
      vapidDetails: vapid,
      TTL: job.ttlSeconds,
      urgency: job.urgency,
      contentEncoding: 'aes128gcm',
    });
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]);
    const net = pinnedFetch({ allowedHosts, maxResponseBytes: MAX_RESPONSE_BYTES, signal, onTooLarge: () => {} });
    try {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const response = await net.fetch(device.endpoint, { method: 'POST', headers, body: request.body, signal });
      await response.body?.cancel().catch(() => {});
      const { status } = response;
      if (status >= 200 && status < 300) {
        await markPushed(ctx.db, device.id);
        return 'delivered';
      }
      if (status === 404 || status === 410) {
        await forgetPushDevice(ctx.db, device);
        return 'gone';
      }
      // 400 (a malformed push), 413 (too large), 403 (our VAPID key refused): a bug or a misconfiguration here.
      if (status >= 400 && status < 500 && status !== 429) {
        ctx.logger.warn({ status, deviceId: device.id }, 'push refused by the push service');
        return 'rejected';
      }
      ctx.logger.info({ status, deviceId: device.id }, 'push failed (not retried)');
      return 'failed';
    } finally {
      net.close();
    }
  }

  function pump(): void {
    while (running.size < CONCURRENCY && waiting.length > 0 && !stopping.signal.aborted) {
      const job = waiting.shift()!;
      const run = deliver(job)
        .catch((error: unknown): Outcome => {
          if (stopping.signal.aborted) return 'failed';
          const refused = error instanceof HostRefused || error instanceof HostNotFound || (error instanceof Error && error.name === 'PushEndpointRefused');
          ctx.logger[refused ? 'warn' : 'info']({ err: error, deviceId: job.device.id }, 'push failed (not retried)');
          return 'failed';
        })
        .then((outcome) => {
          sent.inc({ outcome });
          running.delete(run);
          pump();
        });
      running.add(run);
    }
  }

  return {
    send(jobs) {
      if (!vapid || stopping.signal.aborted) return;
      const room = Math.max(0, MAX_WAITING - waiting.length);
      if (jobs.length > room) ctx.logger.warn({ dropped: jobs.length - room }, 'push queue full: pushes dropped');
      waiting.push(...jobs.slice(0, room));
      pump();
    },
    async stop() {
      waiting.length = 0;
      stopping.abort();
      await Promise.all(running);
    },
  };
}
