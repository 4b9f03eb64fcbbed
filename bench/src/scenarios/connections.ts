import { setTimeout as sleep } from 'node:timers/promises';
import { spawnWorker } from '../support/child-worker';
import { hardFdLimit, sampleProcess, waitForIdle } from '../support/server-process';
import { round } from '../support/stats';
import type { VariantContext } from '../support/variant';
import type { ConnectOutcome } from '../workers/connect-worker';

export interface ConnectionsResult {
  target: number;
  /** Set when the machine's hard fd limit is below the target: one socket is one fd in the server. */
  cappedBy?: string;
  connected: number;
  failed: number;
  firstError?: string;
  secondsToConnect: number;
  connectsPerSecond: number;
  rssBeforeMiB: number;
  rssHalfMiB: number;
  rssAfterMiB: number;
  /** RSS growth per socket between half and all of them (the slope; drift-resistant). */
  kibPerConnection: number;
  /** RSS growth per socket from the start (includes whatever else moved meanwhile). */
  kibPerConnectionFromStart: number;
  users: number;
}

/** Idle authenticated sockets on ONE API process, opened from several client processes at once. */
export async function runConnections(ctx: VariantContext): Promise<ConnectionsResult> {
  const { workers: workerCount, usersPerWorker, concurrencyPerWorker } = ctx.settings.connections;
  const fdLimit = hardFdLimit();
  // The server also holds its database files, listeners and pooled connections: leave them room.
  const target = Math.min(ctx.settings.connections.target, fdLimit - 300);
  const cappedBy = target < ctx.settings.connections.target ? `hard fd limit ${fdLimit} (ulimit -Hn)` : undefined;
  if (cappedBy) ctx.log(`connections: target lowered to ${target} by the ${cappedBy}`);
  const pid = ctx.serverPids()[0]!;
  const url = ctx.apiUrls[0]!;
  const workers = Array.from({ length: workerCount }, () => spawnWorker('connect-worker.ts'));
  try {
    // RSS drifts for a while after earlier work (argon2 and database buffers are freed late), so the
    // per-socket figure is the slope between half the sockets and all of them, each read on an idle server.
    const settle = async () => {
      await waitForIdle([pid]);
      await sleep(2000);
      return sampleProcess(pid);
    };
    const start = await settle();
    const phase = async (share: (count: number) => number) => {
      const started = performance.now();
      const outcomes = await Promise.all(
        workers.map((w, k) => {
          const tokens = ctx.users.slice(k * usersPerWorker, (k + 1) * usersPerWorker).map((u) => u.token);
          const count = Math.floor(target / workerCount) + (k < target % workerCount ? 1 : 0);
          return w.call<ConnectOutcome>({ cmd: 'connect', url, tokens, count: share(count), concurrency: concurrencyPerWorker });
        }),
      );
      return { outcomes, seconds: (performance.now() - started) / 1000 };
    };
    const first = await phase((count) => Math.floor(count / 2));
    const half = await settle();
    const second = await phase((count) => count - Math.floor(count / 2));
    const end = await settle();
    const outcomes = [...first.outcomes, ...second.outcomes];
    const seconds = first.seconds + second.seconds;
    const connected = outcomes.reduce((a, o) => a + o.connected, 0);
    const failed = outcomes.reduce((a, o) => a + o.failed, 0);
    const secondConnected = second.outcomes.reduce((a, o) => a + o.connected, 0);
    const result: ConnectionsResult = {
      target,
      cappedBy,
      connected,
      failed,
      firstError: outcomes.find((o) => o.firstError)?.firstError,
      secondsToConnect: round(seconds, 2),
      connectsPerSecond: Math.round(connected / seconds),
      rssBeforeMiB: round(start.rssMiB),
      rssHalfMiB: round(half.rssMiB),
      rssAfterMiB: round(end.rssMiB),
      kibPerConnection: secondConnected ? round(((end.rssMiB - half.rssMiB) * 1024) / secondConnected, 1) : NaN,
      kibPerConnectionFromStart: connected ? round(((end.rssMiB - start.rssMiB) * 1024) / connected, 1) : NaN,
      users: Math.min(ctx.users.length, usersPerWorker * workerCount),
    };
    ctx.log(
      `connections: ${connected}/${target} in ${result.secondsToConnect} s, ${result.kibPerConnection} KiB each ` +
        `(RSS ${result.rssBeforeMiB} → ${result.rssHalfMiB} → ${result.rssAfterMiB} MiB)` +
        (failed ? `, ${failed} failed (${result.firstError})` : ''),
    );
    return result;
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await Promise.all(workers.map((w) => w.stop()));
  }
}
