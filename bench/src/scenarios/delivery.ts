import { randomUUID } from 'node:crypto';
import { spawnWorker, type WorkerHandle } from '../support/child-worker';
import { startConversation, type BenchUser } from '../support/api-client';
import { cpuTimes, cpuUse } from '../support/machine';
import { freePort } from '../support/ports';
import { cpuPercent, measureCpu, sampleProcess, type MonotonicWindow, type ProcessSample } from '../support/server-process';
import { round, spread, summarize, type LatencySummary } from '../support/stats';
import type { VariantContext } from '../support/variant';
import type { DeliveryPair, DeliveryTargets, StepOutcome } from '../workers/delivery-worker';

type Send = 'http' | 'socket';
type Target = 'api' | 'relay';

export interface DeliveryStep {
  offeredRate: number;
  achievedRate: number;
  sent: number;
  delivered: number;
  lost: number;
  duplicates: number;
  /** Non-2xx answers and refused or timed-out acks. */
  errors: number;
  /** Sends not answered within the drain window. */
  unanswered: number;
  latency: LatencySummary;
  /**
   * CPU % of one core by group over the step: `server` (the API node(s) or the relay), `clients` (all
   * load generators), `postgres`, `redis`.
   */
  cpu: Record<string, number>;
  /** The busiest single server process and load generator, % of one core (each is single-threaded). */
  serverCpuMaxPercent: number;
  clientCpuMaxPercent: number;
  /** The whole machine over the step, % of all cores: busy (anyone's work) and stolen by the hypervisor. */
  machineBusyPercent: number;
  stealPercent: number;
  /** CPU ms per delivered message: the API node(s) together (or the relay). */
  serverCpuMsPerMessage: number;
  /** The same for the database's backends and Redis (scaled variant). */
  otherCpuMsPerMessage: Record<string, number>;
  serverRssMiB: number;
  /** When the step ran (CLOCK_MONOTONIC µs): `src/profile-summary.ts` picks these samples out of a CPU profile. */
  window: MonotonicWindow;
  passed: boolean;
  /** Why it failed, e.g. "p99 63 ms, 2 lost". */
  failedOn?: string;
}

/** One ramp: up by a factor until a step fails (down when its first step fails, until one passes). */
export interface DeliveryRamp {
  target: Target;
  send: Send;
  /** 0 for the unrecorded scout that finds where round 1 starts. */
  round: number;
  steps: DeliveryStep[];
  /** Achieved msg/s of the highest passing step below every failing one (0: none passed). */
  ceiling: number;
  ceilingOffered: number;
  /** A step above the ceiling failed; false when the ramp ran out of steps or reached `maxRate`. */
  ceilingReached: boolean;
  /** Who set the limit at the failing step: e.g. "relay CPU 98%", "load generators (a worker at 95%)". */
  limit: string;
}

interface DeliveryRound {
  round: number;
  relay: DeliveryRamp;
  api: DeliveryRamp;
  /** API ceiling ÷ relay ceiling in this round. */
  ratio?: number;
}

type Spread = NonNullable<ReturnType<typeof spread>>;

interface DeliverySendResult {
  send: Send;
  scouts: DeliveryRamp[];
  rounds: DeliveryRound[];
  /** Over the rounds: ceilings and ratio, median with min–max. */
  api?: Spread;
  relay?: Spread;
  ratio?: Spread;
}

interface FixedRateCpu {
  send: Send;
  rate: number;
  step: DeliveryStep;
}

export interface DeliveryResult {
  pairs: number;
  workers: number;
  p99BoundMs: number;
  stepSeconds: number;
  /** How the rates were chosen, in words (for the report). */
  grid: string;
  sends: DeliverySendResult[];
  fixed: FixedRateCpu[];
  seconds: number;
}

/**
 * The last ceiling per target, kept across variants: a relay has no database, so the second variant's
 * relay ramps start where the first variant's ended and need no scout.
 */
const lastCeiling = new Map<string, number>();

/**
 * N pairs through the API and through a relay that does the same work minus auth, validation and the
 * database, rounds interleaved (relay ramp, API ramp, relay, …) per way of sending, on the same pairs,
 * sockets and load generators; then CPU per message at fixed rates.
 */
export async function runDelivery(ctx: VariantContext): Promise<DeliveryResult> {
  const settings = ctx.settings.delivery;
  const began = Date.now();
  const users = ctx.users.slice(0, settings.pairs * 2);
  if (users.length < settings.pairs * 2) throw new Error(`delivery needs ${settings.pairs * 2} users`);
  const apiPairs: DeliveryPair[] = [];
  for (let i = 0; i < settings.pairs; i++) {
    const sender = users[2 * i]!;
    const receiver = users[2 * i + 1]!;
    apiPairs.push(pairOn(ctx.apiUrls, i, await startConversation(ctx.apiUrls[0]!, sender, receiver), sender, receiver));
  }
  const relays = new Map<Send, { worker: WorkerHandle; pid: number; url: string }>();
  const workers: WorkerHandle[] = Array.from({ length: settings.workers }, () => spawnWorker('delivery-worker.ts'));
  try {
    for (const send of settings.send) {
      const worker = spawnWorker(`${send}-relay.ts`);
      const port = await freePort();
      const { pid } = await worker.call<{ pid: number }>({ cmd: 'listen', port });
      relays.set(send, { worker, pid, url: `http://127.0.0.1:${port}` });
    }
    const targets: DeliveryTargets = { api: apiPairs };
    for (const [send, relay] of relays) targets[`relay-${send}`] = apiPairs.map(() => relayPair(relay.url));
    ctx.log(`delivery: ${settings.pairs} pairs, ${settings.workers} load generators, ${settings.rounds} rounds per way of sending (${settings.send.join(', ')})`);
    await Promise.all(
      workers.map((w, k) =>
        w.call({ cmd: 'setup', targets: Object.fromEntries(Object.entries(targets).map(([t, pairs]) => [t, pairs.filter((_, i) => i % workers.length === k)])) }),
      ),
    );
    const runner = new StepRunner(ctx, workers, relays);
    const sends: DeliverySendResult[] = [];
    for (const send of settings.send) sends.push(await runRounds(ctx, runner, send));
    const fixed: FixedRateCpu[] = [];
    // Lower rates first: an overloaded step's backlog must not fall into a step that would pass.
    for (const rate of [...settings.cpuRates[ctx.name]].sort((a, b) => a - b))
      for (const send of settings.send) {
        const step = await runner.step('api', send, rate, settings.stepSeconds);
        runner.logStep(`cpu at a fixed rate, ${send}`, 'api', step);
        fixed.push({ send, rate, step });
        if (!step.passed) await runner.settle('api', step);
      }
    return {
      pairs: settings.pairs,
      workers: settings.workers,
      p99BoundMs: settings.p99BoundMs,
      stepSeconds: settings.stepSeconds,
      grid: gridText(ctx.settings),
      sends,
      fixed,
      seconds: Math.round((Date.now() - began) / 1000),
    };
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await Promise.all([...workers, ...[...relays.values()].map((r) => r.worker)].map((w) => w.stop()));
  }
}

function gridText(settings: VariantContext['settings']): string {
  const d = settings.delivery;
  const scout = d.scoutSeconds > 0 ? `an unrecorded scout ramp (${d.scoutSeconds} s steps, ×${d.scoutFactor} per step from ${d.startRate.relay} msg/s for the relay, ${d.startRate.api} for the API) finds where round 1 starts; ` : '';
  return (
    `${scout}each round's ramp starts at the previous ceiling of the same target and way of sending and moves ${d.stepSeconds} s step by step, up while steps pass ` +
    `(down while they fail), each step ×${d.roundFactor} further than the one before (×${d.roundFactor}, ×${round(d.roundFactor ** 2, 2)}, ×${round(d.roundFactor ** 3, 2)}, …); ` +
    `once a pass and a failure bracket the ceiling, steps at their geometric mean narrow it to within ×${d.roundFactor}; ` +
    `the round's result is the highest pass below every failure; at most ${d.maxSteps} steps; no step is retried`
  );
}

async function runRounds(ctx: VariantContext, runner: StepRunner, send: Send): Promise<DeliverySendResult> {
  const d = ctx.settings.delivery;
  const key = (target: Target) => (target === 'relay' ? `relay-${send}` : `${ctx.name}-api-${send}`);
  // Unrecorded: pools and sockets warm, the JIT settles on both sides.
  for (const target of ['relay', 'api'] as const) await runner.step(target, send, Math.min(100, d.startRate[target]), Math.min(2, d.stepSeconds / 2));
  const scouts: DeliveryRamp[] = [];
  for (const target of ['relay', 'api'] as const) {
    if (d.scoutSeconds <= 0 || lastCeiling.has(key(target))) continue;
    const scout = await rampOf(runner, target, send, 0, d.startRate[target], d.scoutFactor, d.scoutSeconds);
    scouts.push(scout);
    lastCeiling.set(key(target), scout.ceilingOffered || d.minRate);
  }
  const rounds: DeliveryRound[] = [];
  for (let r = 1; r <= d.rounds; r++) {
    const ramps = {} as Record<Target, DeliveryRamp>;
    for (const target of ['relay', 'api'] as const) {
      const start = lastCeiling.get(key(target)) ?? d.startRate[target];
      ramps[target] = await rampOf(runner, target, send, r, start, d.roundFactor, d.stepSeconds);
      if (ramps[target].ceilingOffered > 0) lastCeiling.set(key(target), ramps[target].ceilingOffered);
    }
    const ratio = ramps.relay.ceiling > 0 ? round(ramps.api.ceiling / ramps.relay.ceiling, 3) : undefined;
    rounds.push({ round: r, relay: ramps.relay, api: ramps.api, ratio });
    ctx.log(`delivery ${send} round ${r}: relay ${ramps.relay.ceiling}/s (${ramps.relay.limit}), API ${ramps.api.ceiling}/s (${ramps.api.limit}), ratio ${ratio ?? '—'}`);
  }
  return {
    send,
    scouts,
    rounds,
    api: spread(rounds.map((x) => x.api.ceiling)),
    relay: spread(rounds.map((x) => x.relay.ceiling)),
    ratio: spread(rounds.flatMap((x) => (x.ratio === undefined ? [] : [x.ratio]))),
  };
}

/** Rates in round numbers, so rounds and runs meet on the same ones. */
function roundRate(rate: number): number {
  const unit = rate < 100 ? 5 : rate < 1000 ? 10 : 50;
  return Math.max(unit, Math.round(rate / unit) * unit);
}

/**
 * One ramp. Rounds (`search`) gallop: each further step in the same direction goes `factor` times
 * further (×1.15, ×1.32, ×1.52, … from the start), and once a pass and a failure bracket the ceiling,
 * steps at their geometric mean narrow it until they are within `factor`. A pass counts only below
 * every failure; nothing is retried. Scouts go ×`factor` per step and stop at the first bracket.
 */
async function rampOf(runner: StepRunner, target: Target, send: Send, roundNo: number, start: number, factor: number, seconds: number): Promise<DeliveryRamp> {
  const d = runner.settings;
  const search = roundNo > 0;
  const steps: DeliveryStep[] = [];
  let rate = roundRate(Math.min(d.maxRate, Math.max(d.minRate, start)));
  let best: DeliveryStep | undefined;
  let failed: DeliveryStep | undefined;
  let capped = false;
  let run = 0;
  for (let n = 0; n < d.maxSteps; n++) {
    const step = await runner.step(target, send, rate, seconds);
    runner.logStep(roundNo === 0 ? `${send} scout` : `${send} round ${roundNo}`, target, step);
    steps.push(step);
    if (step.passed) best = step;
    else {
      failed = step;
      await runner.settle(target, step);
    }
    let next: number;
    if (best && failed) {
      if (!search || failed.offeredRate / best.offeredRate <= factor * 1.01) break;
      next = roundRate(Math.sqrt(best.offeredRate * failed.offeredRate));
      if (next <= best.offeredRate || next >= failed.offeredRate) break;
    } else {
      run += 1;
      const by = search ? factor ** run : factor;
      next = roundRate(best ? rate * by : rate / by);
      if (best && (next > d.maxRate || next === rate)) {
        capped = true;
        break;
      }
      if (!best && (next < d.minRate || next === rate)) break;
    }
    rate = next;
  }
  const ceilingReached = failed !== undefined;
  const limit = failed ? limitOf(target, failed) : capped ? `not reached: stopped at maxRate ${d.maxRate}` : `not reached: the ramp's ${d.maxSteps} steps ran out`;
  return { target, send, round: roundNo, steps, ceiling: best?.achievedRate ?? 0, ceilingOffered: best?.offeredRate ?? 0, ceilingReached, limit };
}

/**
 * Who set the limit, from the failing step's CPU: the server's busiest process near a full core (it
 * is single-threaded), else Postgres, else the whole machine, else the load generators; else none of
 * them was saturated and a stall (scheduler, garbage collection, a shared machine) decided the p99.
 */
function limitOf(target: Target, step: DeliveryStep): string {
  const who = target === 'api' ? 'API' : 'relay';
  const busy = (n: number | undefined) => (n ?? 0) >= 85;
  if (busy(step.serverCpuMaxPercent)) return `${who} CPU ${step.serverCpuMaxPercent}%`;
  if (busy(step.cpu.postgres)) return `Postgres CPU ${step.cpu.postgres}%`;
  if (step.machineBusyPercent >= 90) return `machine: all cores busy ${step.machineBusyPercent}% (${who} ${step.serverCpuMaxPercent}%, load generators ${step.cpu.clients}%, steal ${step.stealPercent}%)`;
  if (busy(step.clientCpuMaxPercent)) return `load generators (one at ${step.clientCpuMaxPercent}%)`;
  return `none saturated (${who} ${step.serverCpuMaxPercent}%, load generators ${step.cpu.clients}%, machine ${step.machineBusyPercent}%): ${step.failedOn}`;
}

class StepRunner {
  readonly settings: VariantContext['settings']['delivery'];

  constructor(
    private readonly ctx: VariantContext,
    private readonly workers: WorkerHandle[],
    private readonly relays: Map<Send, { pid: number }>,
  ) {
    this.settings = ctx.settings.delivery;
  }

  private serverPids(target: Target, send: Send): number[] {
    return target === 'api' ? this.ctx.serverPids() : [this.relays.get(send)!.pid];
  }

  /**
   * After a failing step: the server (and Postgres) work off what queued before the next step starts;
   * sends still unanswered are still being worked on, so then it may take up to a minute. Redis is
   * left out: it may serve others on this machine.
   */
  async settle(target: Target, failed: DeliveryStep) {
    const pids = target === 'api' ? [...this.ctx.serverPids(), ...((await this.ctx.otherProcesses()).postgres ?? [])] : [...this.relays.values()].map((r) => r.pid);
    await waitForQuiet(pids, failed.unanswered > 0 ? 60_000 : 10_000);
  }

  async step(target: Target, send: Send, rate: number, seconds: number): Promise<DeliveryStep> {
    const { drainMs, p99BoundMs } = this.settings;
    const server = this.serverPids(target, send);
    const clients = this.workers.map((w) => w.pid);
    const others = target === 'api' ? await this.ctx.otherProcesses() : {};
    const groups: Record<string, number[]> = { server, clients, ...others };
    server.forEach((pid, i) => (groups[`server#${i}`] = [pid]));
    clients.forEach((pid, i) => (groups[`client#${i}`] = [pid]));
    const machineBefore = cpuTimes();
    const workerTarget = target === 'api' ? 'api' : `relay-${send}`;
    const { result: outcomes, cpu: all, cpuSeconds, window } = await measureCpu(groups, () =>
      Promise.all(this.workers.map((w) => w.call<StepOutcome>({ cmd: 'step', target: workerTarget, send, rate: rate / this.workers.length, seconds, drainMs }))),
    );
    const machine = cpuUse(machineBefore, cpuTimes());
    const cpu = Object.fromEntries(Object.entries(all).filter(([k]) => !k.includes('#')));
    const maxOf = (prefix: string) => Math.max(0, ...Object.entries(all).filter(([k]) => k.startsWith(prefix)).map(([, v]) => v));
    const rss = server.reduce((total, pid) => total + sampleProcess(pid).rssMiB, 0);
    const sent = sum(outcomes.map((o) => o.sent));
    const delivered = sum(outcomes.map((o) => o.delivered));
    const errors = sum(outcomes.map((o) => o.errors));
    const unanswered = sum(outcomes.map((o) => o.unanswered));
    const duplicates = sum(outcomes.map((o) => o.duplicates));
    const latency = summarize(outcomes.flatMap((o) => o.latencies));
    const lost = sent - delivered;
    const perMessage = (s: number | undefined) => (delivered > 0 && s !== undefined ? round((s * 1000) / delivered, 3) : NaN);
    const failedOn = [
      lost > 0 && `${lost} lost`,
      duplicates > 0 && `${duplicates} doubled`,
      errors > 0 && `${errors} refused`,
      unanswered > 0 && `${unanswered} unanswered`,
      !(latency.p99 <= p99BoundMs) && `p99 ${latency.p99} ms`,
    ].filter(Boolean);
    return {
      offeredRate: rate,
      achievedRate: Math.round(Math.min(delivered / seconds, sum(outcomes.map((o) => o.offeredPerSecond)))),
      sent,
      delivered,
      lost,
      duplicates,
      errors,
      unanswered,
      latency,
      cpu,
      serverCpuMaxPercent: maxOf('server#'),
      clientCpuMaxPercent: maxOf('client#'),
      machineBusyPercent: machine.busyPercent,
      stealPercent: machine.stealPercent,
      serverCpuMsPerMessage: perMessage(cpuSeconds.server),
      otherCpuMsPerMessage: Object.fromEntries(Object.keys(others).map((k) => [k, perMessage(cpuSeconds[k])])),
      serverRssMiB: round(rss),
      window,
      passed: failedOn.length === 0,
      ...(failedOn.length ? { failedOn: failedOn.join(', ') } : {}),
    };
  }

  logStep(what: string, target: Target, s: DeliveryStep) {
    const who = target === 'api' ? 'API' : 'relay';
    const others = Object.entries(s.otherCpuMsPerMessage).map(([k, v]) => `, ${k} ${s.cpu[k]}% ${v} ms/msg`).join('');
    this.ctx.log(
      `  ${what} ${who} ${s.offeredRate}/s: p50 ${s.latency.p50} p99 ${s.latency.p99} max ${s.latency.max} ms, ` +
        `${who} CPU ${s.cpu.server}% (busiest ${s.serverCpuMaxPercent}%) ${s.serverCpuMsPerMessage} ms/msg, ` +
        `load generators ${s.cpu.clients}% (busiest ${s.clientCpuMaxPercent}%)${others}, machine ${s.machineBusyPercent}% steal ${s.stealPercent}% ` +
        `${s.passed ? 'ok' : `FAIL ${s.failedOn}`}`,
    );
  }
}

/** In the scaled variant the receiver sits on the other node, so every message crosses Redis. */
function pairOn(urls: string[], i: number, conversationId: string, sender: BenchUser, receiver: BenchUser): DeliveryPair {
  return {
    conversationId,
    targetAgentId: receiver.agentId,
    senderToken: sender.token,
    receiverToken: receiver.token,
    sendUrl: urls[i % urls.length]!,
    receiverSocketUrl: urls[(i + 1) % urls.length]!,
  };
}

/** A pair on a relay: its own conversation id, the same payload; the relay ignores the tokens. */
function relayPair(url: string): DeliveryPair {
  return { conversationId: randomUUID(), targetAgentId: randomUUID(), senderToken: 'relay', receiverToken: 'relay', sendUrl: url, receiverSocketUrl: url };
}

/** Until every process still running is under 10% of a core (Postgres backends come and go meanwhile). */
async function waitForQuiet(pids: number[], maxMs: number) {
  const sample = (pid: number): ProcessSample | undefined => {
    try {
      return sampleProcess(pid);
    } catch {
      return undefined;
    }
  };
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const before = pids.map(sample);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = pids.some((pid, i) => {
      const a = before[i];
      const b = sample(pid);
      return a && b && cpuPercent(a, b) >= 10;
    });
    if (!busy) return;
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
