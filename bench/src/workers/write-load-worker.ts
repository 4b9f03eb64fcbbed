import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';
import { summarize, type LatencySummary } from '../support/stats';

/** A sender: posts into its own conversation (never one a timed reader reads). */
export interface WriteSender {
  origin: string;
  token: string;
  conversationId: string;
}

export type WriteLoadCommand = { cmd: 'start'; senders: WriteSender[]; rate: number } | { cmd: 'stop' };

export interface WriteLoadOutcome {
  sent: number;
  errors: number;
  seconds: number;
  achievedRate: number;
  /** POST …/messages/async answered, ms. */
  latency: LatencySummary;
}

let running = false;
let done: Promise<WriteLoadOutcome> | undefined;

/** Open-loop sends at a fixed rate, round robin over the senders, until stopped: the background traffic of a busy server. */
async function run(senders: WriteSender[], rate: number): Promise<WriteLoadOutcome> {
  const pools = new Map(senders.map((s) => [s.origin, new Pool(s.origin, { connections: 8 })]));
  const interval = 1000 / rate;
  const started = performance.now();
  const samples: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let errors = 0;
  while (running) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 20)));
      continue;
    }
    const sender = senders[sent % senders.length]!;
    const n = sent;
    sent += 1;
    const t0 = performance.now();
    const p = pools
      .get(sender.origin)!
      .request({
        method: 'POST',
        path: `/api/v1/chat/conversations/${sender.conversationId}/messages/async`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ content: `Background traffic ${n}: the weekly numbers are in, see the sheet`, clientMessageId: `bg-${process.pid}-${n}` }),
      })
      .then(async (res) => {
        await res.body.dump();
        if (res.statusCode >= 300) errors += 1;
        else samples.push(performance.now() - t0);
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  return { sent, errors, seconds: Math.round(seconds * 10) / 10, achievedRate: Math.round(sent / seconds), latency: summarize(samples) };
}

serveCommands<WriteLoadCommand>(async (command) => {
  if (command.cmd === 'start') {
    running = true;
    done = run(command.senders, command.rate);
    return { started: true };
  }
  running = false;
  return done;
});
