import { randomUUID } from 'node:crypto';
import type { BenchSettings } from '../settings';
import { spawnWorker, type WorkerHandle } from '../support/child-worker';
import { startConversation, type BenchUser } from '../support/api-client';
import { freePort } from '../support/ports';
import { measureCpu, sampleProcess, waitForIdle, type MonotonicWindow } from '../support/server-process';
import { round, summarize, type LatencySummary } from '../support/stats';
import type { VariantContext } from '../support/variant';
import type { DeliveryPair, StepOutcome } from '../workers/delivery-worker';

export interface DeliveryStep {
  offeredRate: number;
  achievedRate: number;
  sent: number;
  delivered: number;
  lost: number;
  httpErrors: number;
  latency: LatencySummary;
  serverCpuPercent: number;
  serverRssMiB: number;
  /** CPU % of one core by group: the API node(s) (or relay), the load generators, the database, Redis. */
  cpu: Record<string, number>;
  /**
   * CPU time of the API node(s) (or the relay), all of them together, per message delivered in the
   * step: the figure that survives a shared machine best (the issue's target: ≤ 0.4 ms).
   */
  serverCpuMsPerMessage: number;
  /** When the step ran (CLOCK_MONOTONIC µs): `src/profile-summary.ts` picks these samples out of a CPU profile. */
  window: MonotonicWindow;
  passed: boolean;
  attempt?: number;
  earlierAttempt?: DeliveryStep;
  laterAttempt?: DeliveryStep;
}

export interface DeliveryRun {
  target: 'api' | 'relay';
  /** How the API's senders sent: POST …/messages/async, or the socket's `message:send` (absent: HTTP, as before the option). */
  send?: 'http' | 'socket';
  steps: DeliveryStep[];
  /** The highest rate that passed (p99 within bound, nothing lost), with its figures. */
  best?: DeliveryStep;
  /** Why the ramp ended: a failing step (its real ceiling), the ramp's time, or `maxRate`. */
  stoppedBy: 'failed' | 'time' | 'ceiling';
}

export interface DeliveryResult {
  pairs: number;
  p99BoundMs: number;
  /** The ramp of the first way of sending asked for (HTTP unless only `--send=socket`). */
  ours: DeliveryRun;
  /** With `--send=http,socket`: the same ramp with the senders on `message:send`. */
  socket?: DeliveryRun;
}

/** N pairs through `messages/async` and the socket, rate by rate until a step misses the bound (or the ramp's time runs out). */
export async function runDelivery(ctx: VariantContext): Promise<DeliveryResult> {
  const { pairs: pairCount } = ctx.settings.delivery;
  const users = ctx.users.slice(0, pairCount * 2);
  if (users.length < pairCount * 2) throw new Error(`delivery needs ${pairCount * 2} users`);
  const pairs: DeliveryPair[] = [];
  for (let i = 0; i < pairCount; i++) {
    const sender = users[2 * i]!;
    const receiver = users[2 * i + 1]!;
    const conversationId = await startConversation(ctx.apiUrls[0]!, sender, receiver);
    pairs.push(pairOn(ctx.apiUrls, i, conversationId, sender, receiver));
  }
  const runs: DeliveryRun[] = [];
  for (const send of ctx.settings.delivery.send) {
    ctx.log(`delivery: ${pairCount} pairs through the API (${ctx.apiUrls.length} node(s)), sent over ${send === 'http' ? 'HTTP' : "the socket's message:send"}`);
    const log = send === 'http' ? ctx.log : (line: string) => ctx.log(`socket-send ${line}`);
    runs.push(await ramp(ctx.settings, log, 'api', pairs, ctx.serverPids(), () => ctx.otherProcesses(), send));
    // An overloaded last step leaves the API working off queued requests; what runs next must not share the CPU with that.
    await waitForIdle(ctx.serverPids());
  }
  const [ours, socket] = runs;
  return { pairs: pairCount, p99BoundMs: ctx.settings.delivery.p99BoundMs, ours: ours!, ...(socket ? { socket } : {}) };
}

/**
 * The bare Socket.IO relay under the same load shape (same pairs, rates, payload size, both sockets in
 * the room). It has no database, so one run serves both variants.
 */
export async function runRelay(settings: BenchSettings, log: (line: string) => void): Promise<DeliveryRun> {
  const relay = spawnWorker('bare-relay.ts');
  try {
    const port = await freePort();
    const { pid } = await relay.call<{ pid: number }>({ cmd: 'listen', port });
    const url = `http://127.0.0.1:${port}`;
    const pairs = Array.from({ length: settings.delivery.pairs }, () => {
      const conversationId = randomUUID();
      return { conversationId, targetAgentId: '', senderToken: '', receiverToken: '', sendUrl: url, receiverSocketUrl: url, senderSocketUrl: url };
    });
    log(`relay: ${pairs.length} pairs through the bare Socket.IO relay (the baseline for delivery)`);
    return await ramp(settings, (line) => log(`relay ${line}`), 'relay', pairs, [pid], async () => ({}));
  } finally {
    await relay.stop();
  }
}

/** In the scaled variant the receiver sits on the other node, so every message crosses Redis. */
function pairOn(urls: string[], i: number, conversationId: string, sender: BenchUser, receiver: BenchUser): DeliveryPair {
  const sendUrl = urls[i % urls.length]!;
  return {
    conversationId,
    targetAgentId: receiver.agentId,
    senderToken: sender.token,
    receiverToken: receiver.token,
    sendUrl,
    senderSocketUrl: sendUrl,
    receiverSocketUrl: urls[(i + 1) % urls.length]!,
  };
}

/**
 * The rates of a ramp: the listed ones, then (so a ramp ends at its real ceiling, not the list's
 * top) on by a quarter each step, up to `maxRate`. The ramp stops at the first failing step or
 * when `maxSeconds` have passed.
 */
function* rampRates(listed: number[], maxRate: number): Generator<number> {
  yield* listed;
  let rate = listed[listed.length - 1] ?? 50;
  for (;;) {
    // A quarter more, in round numbers (of 250 from 1,000 up, else of 50).
    const unit = rate >= 1000 ? 250 : 50;
    rate = Math.max(rate + unit, Math.round((rate * 1.25) / unit) * unit);
    if (rate > maxRate) return;
    yield rate;
  }
}

async function ramp(
  settings: BenchSettings,
  log: (line: string) => void,
  target: 'api' | 'relay',
  pairs: DeliveryPair[],
  pids: number[],
  otherProcesses: () => Promise<Record<string, number[]>>,
  send: 'http' | 'socket' = 'http',
): Promise<DeliveryRun> {
  const { rates, stepSeconds, drainMs, p99BoundMs, workers: workerCount, maxRate, maxRampSeconds } = settings.delivery;
  const workers: WorkerHandle[] = Array.from({ length: workerCount }, () => spawnWorker('delivery-worker.ts'));
  const steps: DeliveryStep[] = [];
  let stoppedBy: DeliveryRun['stoppedBy'] = 'ceiling';
  try {
    await Promise.all(
      workers.map((w, k) => w.call({ cmd: 'setup', mode: target, send, pairs: pairs.filter((_, i) => i % workerCount === k) })),
    );
    // Warm-up (not recorded): connection pools fill and the JIT settles on both sides.
    await Promise.all(workers.map((w) => w.call<StepOutcome>({ cmd: 'step', rate: rates[0]! / workerCount, seconds: 2, drainMs })));
    const rampStarted = Date.now();
    for (const rate of rampRates(rates, maxRate)) {
      if ((Date.now() - rampStarted) / 1000 > maxRampSeconds) {
        stoppedBy = 'time';
        log(`  ${target}: ramp time (${maxRampSeconds} s) used up before ${rate}/s`);
        break;
      }
      let step: DeliveryStep | undefined;
      // On a shared machine one scheduler stall of 50+ ms in a step decides its p99: a failing step
      // gets one more attempt, and the better one counts (both are in the JSON).
      // (Losses are not noise: a stall does not last the 3 s drain window, so those are not retried.)
      for (let attempt = 1; attempt <= 2 && !step?.passed && !step?.lost; attempt++) {
        const groups = { server: pids, clients: workers.map((w) => w.pid), ...(await otherProcesses()) };
        const { result: outcomes, cpu, cpuSeconds, window } = await measureCpu(groups, () =>
          Promise.all(workers.map((w) => w.call<StepOutcome>({ cmd: 'step', rate: rate / workerCount, seconds: stepSeconds, drainMs }))),
        );
        const rss = pids.reduce((sum, pid) => sum + sampleProcess(pid).rssMiB, 0);
        const next = { ...toStep(rate, stepSeconds, outcomes, cpu, cpuSeconds.server ?? 0, window, rss, p99BoundMs), attempt };
        if (step) next.earlierAttempt = { ...step, earlierAttempt: undefined };
        if (!step || next.passed || next.latency.p99 < step.latency.p99) step = next;
        else step.laterAttempt = { ...next };
        if (!step.passed && attempt === 1) await waitForIdle(pids, 5000);
      }
      if (!step) throw new Error('no attempt ran');
      steps.push(step);
      log(
        `  ${target} ${rate}/s: p50 ${step.latency.p50} p99 ${step.latency.p99} max ${step.latency.max} ms, lost ${step.lost}, ` +
          `${target === 'api' ? 'API' : 'relay'} CPU ${step.serverCpuMsPerMessage} ms/msg, ` +
          `cpu ${Object.entries(step.cpu).map(([k, v]) => `${k} ${v}%`).join(', ')}, rss ${step.serverRssMiB} MiB ${step.passed ? 'ok' : 'FAIL'}`,
      );
      if (!step.passed) {
        stoppedBy = 'failed';
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await Promise.all(workers.map((w) => w.stop()));
  }
  const passing = steps.filter((s) => s.passed);
  return { target, ...(target === 'api' ? { send } : {}), steps, best: passing[passing.length - 1], stoppedBy };
}

function toStep(
  rate: number,
  seconds: number,
  outcomes: StepOutcome[],
  cpu: Record<string, number>,
  serverCpuSeconds: number,
  window: MonotonicWindow,
  rssMiB: number,
  p99BoundMs: number,
): DeliveryStep {
  const sent = sum(outcomes.map((o) => o.sent));
  const delivered = sum(outcomes.map((o) => o.delivered));
  const httpErrors = sum(outcomes.map((o) => o.httpErrors));
  const latency = summarize(outcomes.flatMap((o) => o.latencies));
  const lost = sent - delivered;
  return {
    offeredRate: rate,
    achievedRate: Math.round(Math.min(delivered / seconds, sum(outcomes.map((o) => o.offeredPerSecond)))),
    sent,
    delivered,
    lost,
    httpErrors,
    latency,
    serverCpuPercent: cpu.server ?? 0,
    serverRssMiB: round(rssMiB),
    cpu,
    serverCpuMsPerMessage: delivered > 0 ? round((serverCpuSeconds * 1000) / delivered, 3) : NaN,
    window,
    passed: lost === 0 && httpErrors === 0 && latency.p99 <= p99BoundMs,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
