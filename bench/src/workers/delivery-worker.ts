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
  /** Where the sender POSTs (an API node or the bare relay). */
  sendUrl: string;
  /** Where the receiver's socket connects (the other API node in the scaled variant). */
  receiverSocketUrl: string;
  senderSocketUrl: string;
}

export type DeliveryCommand =
  | { cmd: 'setup'; mode: 'api' | 'relay'; send: 'http' | 'socket'; pairs: DeliveryPair[] }
  | { cmd: 'step'; rate: number; seconds: number; drainMs: number }
  | { cmd: 'close' };

export interface StepOutcome {
  sent: number;
  delivered: number;
  httpErrors: number;
  duplicates: number;
  /** send (scheduled) → received at the receiver, ms. */
  latencies: number[];
  /** What was really offered: sends happened late when this worker fell behind. */
  offeredPerSecond: number;
}

const CONTENT = 'Benchmark message: the quick brown fox jumps over the lazy dog, then asks how the sprint is going.';

let mode: 'api' | 'relay' = 'api';
/** The API's senders POST (`http`) or emit `message:send` on their open socket and wait for its ack (`socket`). */
let sendOver: 'http' | 'socket' = 'http';
let pairs: DeliveryPair[] = [];
/** conversationId → the sender's socket. */
const senderSockets = new Map<string, Socket>();
const sockets: Socket[] = [];
const pools = new Map<string, Pool>();
/** clientMessageId → scheduled send time; removed when the receiver sees it. */
const outstanding = new Map<string, number>();
let latencies: number[] = [];
let duplicates = 0;
const workerTag = randomBytes(3).toString('hex');
let stepNo = 0;

function connect(url: string, token: string, conversationId: string, onMessage?: (m: { clientMessageId?: string | null }) => void) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth: mode === 'api' ? { token } : {},
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
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

function onReceived(message: { clientMessageId?: string | null; message?: { clientMessageId?: string | null } }) {
  const id = message.clientMessageId ?? message.message?.clientMessageId;
  if (!id) return;
  const scheduled = outstanding.get(id);
  if (scheduled === undefined) {
    duplicates += 1;
    return;
  }
  outstanding.delete(id);
  latencies.push(performance.now() - scheduled);
}

function poolFor(origin: string) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 64, pipelining: 1, keepAliveTimeout: 60_000 });
    pools.set(origin, pool);
  }
  return pool;
}

/** Sent, and answered by an ack that says it was stored. */
async function sendOverSocket(pair: DeliveryPair, clientMessageId: string): Promise<boolean> {
  try {
    const payload = { conversationId: pair.conversationId, content: CONTENT, targetAgentId: pair.targetAgentId, clientMessageId };
    const ack = (await senderSockets.get(pair.conversationId)!.timeout(30_000).emitWithAck('message:send', payload)) as { ok?: boolean };
    return ack?.ok === true;
  } catch {
    return false;
  }
}

async function send(pair: DeliveryPair, clientMessageId: string): Promise<boolean> {
  if (mode === 'api' && sendOver === 'socket') return sendOverSocket(pair, clientMessageId);
  const body =
    mode === 'api'
      ? { content: CONTENT, targetAgentId: pair.targetAgentId, clientMessageId }
      : { room: `conversation:${pair.conversationId}`, content: CONTENT, clientMessageId };
  const path = mode === 'api' ? `/api/v1/chat/conversations/${pair.conversationId}/messages/async` : '/send';
  try {
    const res = await poolFor(pair.sendUrl).request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...(mode === 'api' ? { authorization: `Bearer ${pair.senderToken}` } : {}) },
      body: JSON.stringify(body),
    });
    await res.body.dump();
    return res.statusCode < 300;
  } catch {
    return false;
  }
}

/** Open loop: messages leave on schedule whether or not earlier ones were answered (no coordinated omission). */
async function runStep(rate: number, seconds: number, drainMs: number): Promise<StepOutcome> {
  stepNo += 1;
  latencies = [];
  duplicates = 0;
  outstanding.clear();
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const start = performance.now() + 20;
  let httpErrors = 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; ) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) {
      const scheduled = start + i * interval;
      const pair = pairs[i % pairs.length]!;
      const id = `b${workerTag}-${stepNo}-${i}`;
      outstanding.set(id, scheduled);
      inFlight.push(
        send(pair, id).then((ok) => {
          if (!ok) {
            httpErrors += 1;
            outstanding.delete(id);
          }
        }),
      );
      i += 1;
    }
    if (i < total) await sleep(Math.max(0, Math.min(5, start + i * interval - performance.now())));
  }
  const lastScheduled = start + (total - 1) * interval;
  const offeredPerSecond = total / ((performance.now() - start) / 1000);
  // Bounded: whatever has not arrived `drainMs` after the last send is lost, even if it is still on its way.
  let settled = 0;
  for (const p of inFlight) void p.then(() => (settled += 1));
  while ((outstanding.size > 0 || settled < inFlight.length) && performance.now() - lastScheduled < drainMs) await sleep(10);
  const delivered = latencies.length;
  outstanding.clear();
  return { sent: total, delivered, httpErrors, duplicates, latencies, offeredPerSecond };
}

serveCommands<DeliveryCommand>(async (command) => {
  if (command.cmd === 'setup') {
    mode = command.mode;
    sendOver = command.send;
    pairs = command.pairs;
    // A few at a time: a burst of handshakes is the connections scenario's business, not this one's.
    for (let i = 0; i < pairs.length; i += 20) {
      await Promise.all(
        pairs.slice(i, i + 20).flatMap((pair) => [
          connect(pair.receiverSocketUrl, pair.receiverToken, pair.conversationId, onReceived),
          connect(pair.senderSocketUrl, pair.senderToken, pair.conversationId).then((socket) => senderSockets.set(pair.conversationId, socket)),
        ]),
      );
    }
    return { sockets: sockets.length };
  }
  if (command.cmd === 'step') return runStep(command.rate, command.seconds, command.drainMs);
  for (const socket of sockets) socket.disconnect();
  // destroy, not close: requests still queued after an overloaded step are dropped, not sent.
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  return { closed: true };
});
