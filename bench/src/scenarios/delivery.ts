import { spawnWorker, type WorkerHandle } from '../support/child-worker';
import { startConversation, type BenchUser } from '../support/api-client';
import { freePort } from '../support/ports';
import { cpuPercent, sampleProcess, waitForIdle } from '../support/server-process';
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
  passed: boolean;
}

export interface DeliveryRun {
  target: 'api' | 'relay';
  steps: DeliveryStep[];
  /** The highest rate that passed (p99 within bound, nothing lost), with its figures. */
  best?: DeliveryStep;
}

export interface DeliveryResult {
  pairs: number;
  p99BoundMs: number;
  ours: DeliveryRun;
  relay: DeliveryRun;
}

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

  ctx.log(`delivery: ${pairCount} pairs through the API (${ctx.apiUrls.length} node(s))`);
  const ours = await ramp(ctx, 'api', pairs, ctx.serverPids());
  // An overloaded last step leaves the API working off queued requests; the relay must not share the CPU with that.
  await waitForIdle(ctx.serverPids());

  const relay = spawnWorker('bare-relay.ts');
  try {
    const port = await freePort();
    const { pid } = await relay.call<{ pid: number }>({ cmd: 'listen', port });
    const relayUrl = `http://127.0.0.1:${port}`;
    const relayPairs = pairs.map((p) => ({ ...p, sendUrl: relayUrl, receiverSocketUrl: relayUrl, senderSocketUrl: relayUrl }));
    ctx.log('delivery: the same load through the bare Socket.IO relay');
    const relayRun = await ramp(ctx, 'relay', relayPairs, [pid]);
    return { pairs: pairCount, p99BoundMs: ctx.settings.delivery.p99BoundMs, ours, relay: relayRun };
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

async function ramp(ctx: VariantContext, target: 'api' | 'relay', pairs: DeliveryPair[], pids: number[]): Promise<DeliveryRun> {
  const { rates, stepSeconds, drainMs, p99BoundMs, workers: workerCount } = ctx.settings.delivery;
  const workers: WorkerHandle[] = Array.from({ length: workerCount }, () => spawnWorker('delivery-worker.ts'));
  const steps: DeliveryStep[] = [];
  try {
    await Promise.all(
      workers.map((w, k) => w.call({ cmd: 'setup', mode: target, pairs: pairs.filter((_, i) => i % workerCount === k) })),
    );
    for (const rate of rates) {
      const before = pids.map(sampleProcess);
      const outcomes = await Promise.all(
        workers.map((w) => w.call<StepOutcome>({ cmd: 'step', rate: rate / workerCount, seconds: stepSeconds, drainMs })),
      );
      const after = pids.map(sampleProcess);
      const step = toStep(rate, stepSeconds, outcomes, before, after, p99BoundMs);
      steps.push(step);
      ctx.log(
        `  ${target} ${rate}/s: p50 ${step.latency.p50} p99 ${step.latency.p99} max ${step.latency.max} ms, lost ${step.lost}, ` +
          `cpu ${step.serverCpuPercent}%, rss ${step.serverRssMiB} MiB ${step.passed ? 'ok' : 'FAIL'}`,
      );
      if (!step.passed) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await Promise.all(workers.map((w) => w.stop()));
  }
  const passing = steps.filter((s) => s.passed);
  return { target, steps, best: passing[passing.length - 1] };
}

function toStep(
  rate: number,
  seconds: number,
  outcomes: StepOutcome[],
  before: ReturnType<typeof sampleProcess>[],
  after: ReturnType<typeof sampleProcess>[],
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
    serverCpuPercent: round(sum(before.map((b, i) => cpuPercent(b, after[i]!)))),
    serverRssMiB: round(sum(after.map((a) => a.rssMiB))),
    passed: lost === 0 && httpErrors === 0 && latency.p99 <= p99BoundMs,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
