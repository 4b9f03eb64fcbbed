import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';

/** One sender and one receiver in a conversation; both sockets join its room, as two open chat windows would. */
export interface DeliveryPair {
  conversationId: string;
  targetAgentId: string;
  senderToken: string;
  receiverToken: string;
  /** Where the sender POSTs and its socket connects (an API node or a relay). */
  sendUrl: string;
  /** Where the receiver's socket connects (the other API node in the scaled variant). */
  receiverSocketUrl: string;
}

/**
 * Pairs by target: `api`, and the relays of each way of sending. The worker speaks the API's protocol
 * to all of them (the relays ignore the tokens), so the client side of a send costs the same everywhere.
 */
export type DeliveryTargets = Record<string, DeliveryPair[]>;

export type DeliveryCommand =
  | { cmd: 'setup'; targets: DeliveryTargets }
  | { cmd: 'step'; target: string; send: 'http' | 'socket'; rate: number; seconds: number; drainMs: number }
  | { cmd: 'close' };

export interface StepOutcome {
  sent: number;
  delivered: number;
  /** Non-2xx answers, refused or timed-out acks. */
  errors: number;
  /** Sends whose answer (HTTP response or ack) had not come when the drain window ended. */
  unanswered: number;
  /** The same message id received twice by one receiver. */
  duplicates: number;
  /** send (scheduled) → received at the receiver, ms. */
  latencies: number[];
  /** What was really offered: sends happened late when this worker fell behind. */
  offeredPerSecond: number;
}

const CONTENT = 'Benchmark message: the quick brown fox jumps over the lazy dog, then asks how the sprint is going.';

let targets: DeliveryTargets = {};
/** target → conversationId → the sender's socket. */
const senderSockets = new Map<string, Map<string, Socket>>();
const sockets: Socket[] = [];
let pools = new Map<string, Pool>();
const workerTag = randomBytes(3).toString('hex');

interface StepState {
  prefix: string;
  /** clientMessageId → scheduled send time; removed when the receiver sees it. */
  outstanding: Map<string, number>;
  seen: Set<string>;
  latencies: number[];
  duplicates: number;
}
let current: StepState | undefined;
let stepNo = 0;

function connect(url: string, token: string, conversationId: string, onMessage?: (m: { clientMessageId?: string | null }) => void) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: 30_000 });
    if (onMessage) socket.on('message:received', onMessage);
    socket.once('connect_error', (error) => reject(error));
    socket.once('connect', () => {
      socket.emit('room:join', { roomId: `conversation:${conversationId}` }, (ack: { ok: boolean; error?: string }) => {
        if (ack?.ok) resolve(socket);
        else reject(new Error(`room:join refused: ${ack?.error}`));
      });
    });
    sockets.push(socket);
  });
}

/** Counted by the id the sender gave it, per receiver: a second arrival is a duplicate; a late one of an earlier step is ignored. */
function onReceived(message: { clientMessageId?: string | null }) {
  const id = message.clientMessageId;
  const step = current;
  if (!id || !step || !id.startsWith(step.prefix)) return;
  if (step.seen.has(id)) {
    step.duplicates += 1;
    return;
  }
  step.seen.add(id);
  const scheduled = step.outstanding.get(id);
  if (scheduled === undefined) return;
  step.outstanding.delete(id);
  step.latencies.push(performance.now() - scheduled);
}

function poolFor(origin: string) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 64, pipelining: 1, keepAliveTimeout: 60_000 });
    pools.set(origin, pool);
  }
  return pool;
}

/** The API's socket send: `emitWithAck('message:send', payload)`, answered once the message is stored. */
async function sendOverSocket(target: string, pair: DeliveryPair, clientMessageId: string): Promise<boolean> {
  try {
    const payload = { conversationId: pair.conversationId, content: CONTENT, targetAgentId: pair.targetAgentId, clientMessageId };
    const ack = (await senderSockets.get(target)!.get(pair.conversationId)!.timeout(30_000).emitWithAck('message:send', payload)) as { ok?: boolean };
    return ack?.ok === true;
  } catch {
    return false;
  }
}

/** The API's HTTP send: POST `messages/async` with the sender's token. */
async function sendOverHttp(pair: DeliveryPair, clientMessageId: string): Promise<boolean> {
  try {
    const res = await poolFor(pair.sendUrl).request({
      method: 'POST',
      path: `/api/v1/chat/conversations/${pair.conversationId}/messages/async`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.senderToken}` },
      body: JSON.stringify({ content: CONTENT, targetAgentId: pair.targetAgentId, clientMessageId }),
    });
    await res.body.dump();
    return res.statusCode < 300;
  } catch {
    return false;
  }
}

/** Open loop: messages leave on schedule whether or not earlier ones were answered (no coordinated omission). */
async function runStep(target: string, send: 'http' | 'socket', rate: number, seconds: number, drainMs: number): Promise<StepOutcome> {
  const pairs = targets[target];
  if (!pairs?.length) throw new Error(`no pairs for ${target}`);
  stepNo += 1;
  const step: StepState = { prefix: `b${workerTag}-${stepNo}-`, outstanding: new Map(), seen: new Set(), latencies: [], duplicates: 0 };
  current = step;
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const start = performance.now() + 20;
  const counts = { errors: 0, settled: 0 };
  for (let i = 0; i < total; ) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) {
      const scheduled = start + i * interval;
      const pair = pairs[i % pairs.length]!;
      const id = `${step.prefix}${i}`;
      step.outstanding.set(id, scheduled);
      void (send === 'socket' ? sendOverSocket(target, pair, id) : sendOverHttp(pair, id)).then((ok) => {
        counts.settled += 1;
        if (!ok) counts.errors += 1;
      });
      i += 1;
    }
    if (i < total) await sleep(Math.max(0, Math.min(5, start + i * interval - performance.now())));
  }
  const lastScheduled = start + (total - 1) * interval;
  const offeredPerSecond = total / ((performance.now() - start) / 1000);
  // Bounded: whatever has not arrived `drainMs` after the last send is lost, even if it is still on its way.
  while ((step.outstanding.size > 0 || counts.settled < total) && performance.now() - lastScheduled < drainMs) await sleep(10);
  const outcome = {
    sent: total,
    delivered: step.latencies.length,
    errors: counts.errors,
    unanswered: total - counts.settled,
    duplicates: step.duplicates,
    latencies: step.latencies,
    offeredPerSecond,
  };
  if (outcome.unanswered > 0) {
    // Requests still queued after an overloaded step are dropped, not sent into the next one.
    const old = pools;
    pools = new Map();
    await Promise.all([...old.values()].map((pool) => pool.destroy()));
  }
  return outcome;
}

serveCommands<DeliveryCommand>(async (command) => {
  if (command.cmd === 'setup') {
    targets = command.targets;
    for (const [target, pairs] of Object.entries(targets)) {
      const senders = new Map<string, Socket>();
      senderSockets.set(target, senders);
      // A few at a time: a burst of handshakes is the connections scenario's business, not this one's.
      for (let i = 0; i < pairs.length; i += 20) {
        await Promise.all(
          pairs.slice(i, i + 20).flatMap((pair) => [
            connect(pair.receiverSocketUrl, pair.receiverToken, pair.conversationId, onReceived),
            connect(pair.sendUrl, pair.senderToken, pair.conversationId).then((socket) => senders.set(pair.conversationId, socket)),
          ]),
        );
      }
    }
    return { sockets: sockets.length };
  }
  if (command.cmd === 'step') return runStep(command.target, command.send, command.rate, command.seconds, command.drainMs);
  for (const socket of sockets) socket.disconnect();
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  return { closed: true };
});
