import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';

/** One room member's open window: a socket on one API node, joined to the room. */
export interface RoomMember {
  token: string;
  socketUrl: string;
  /** Where this member POSTs when it sends (the node its socket is on). */
  apiUrl: string;
  /** Whether this member sends during fan-out steps. */
  sender: boolean;
  /** The bare Socket.IO relay instead of the API: POST /send, no token. */
  relay?: boolean;
}

export type RoomCommand =
  | { cmd: 'setup'; conversationId: string; members: RoomMember[]; worker: number; workers: number }
  /** Every worker sends messages i ≡ worker (mod workers) of the step; `startAt` (epoch ms) is shared by all of them. */
  | { cmd: 'fanout-step'; rate: number; seconds: number; drainMs: number; startAt: number; expectedPerMessage: number }
  | { cmd: 'ai-watch'; agentIds: string[] }
  | { cmd: 'ai-send'; content: string }
  | { cmd: 'ai-collect'; timeoutMs: number; expectedText: string }
  | { cmd: 'close' };

export interface FanoutOutcome {
  sent: number;
  httpErrors: number;
  /** Deliveries to this worker's sockets of this step's messages (each counted once per socket). */
  delivered: number;
  duplicates: number;
  /** Scheduled send (shared clock) → `message:received` at each of this worker's sockets, ms. */
  latencies: number[];
}

export interface AiOutcome {
  viewers: number;
  /** Per viewer: the message was sent (shared clock) → its first stream delta, ms. */
  firstToken: number[];
  /** Gaps between consecutive stream events of one reply at one viewer, ms. */
  gaps: number[];
  streamEvents: number;
  /** Shared-clock ms of the first and the last stream event seen here. */
  firstEventAt: number;
  lastEventAt: number;
  /** Viewer × agent replies whose streamed text equals the stored reply and the model's text. */
  complete: number;
  incomplete: string[];
}

const CONTENT = 'Room benchmark: the quick brown fox jumps over the lazy dog, then asks how the sprint is going.';
const now = () => performance.timeOrigin + performance.now();
const tag = randomBytes(3).toString('hex');

let conversationId = '';
let members: RoomMember[] = [];
let worker = 0;
let workers = 1;
const sockets: Socket[] = [];
const pools = new Map<string, Pool>();

// fan-out state
let stepNo = 0;
let stepPrefix = '';
const seen = new Map<string, number>();
let latencies: number[] = [];
let duplicates = 0;
let delivered = 0;

function poolFor(origin: string) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 32, pipelining: 1, keepAliveTimeout: 60_000 });
    pools.set(origin, pool);
  }
  return pool;
}

function connect(member: RoomMember, index: number) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(member.socketUrl, { transports: ['websocket'], auth: member.relay ? {} : { token: member.token }, reconnection: false, forceNew: true, timeout: 30_000 });
    socket.on('message:received', (message: { clientMessageId?: string | null }) => onReceived(index, message));
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('room:join', { roomId: `conversation:${conversationId}` }, (ack: { ok: boolean; error?: string }) => {
        if (ack?.ok) resolve(socket);
        else reject(new Error(`room:join refused: ${ack?.error}`));
      });
    });
  });
}

/** Ids are `<prefix><i>@<scheduled epoch ms>`: any worker's receivers can time any worker's sends. */
function onReceived(socketIndex: number, message: { clientMessageId?: string | null }) {
  const id = message.clientMessageId;
  if (ai) ai.onReceived(socketIndex, message as AiMessage);
  if (!id || !stepPrefix || !id.startsWith(stepPrefix)) return;
  const key = `${socketIndex}:${id}`;
  if (seen.has(key)) {
    duplicates += 1;
    return;
  }
  seen.set(key, 1);
  delivered += 1;
  latencies.push(now() - Number(id.slice(id.indexOf('@') + 1)));
}

async function post(member: RoomMember, content: string, clientMessageId: string): Promise<boolean> {
  try {
    const res = await poolFor(member.apiUrl).request(
      member.relay
        ? { method: 'POST', path: '/send', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room: `conversation:${conversationId}`, content, clientMessageId }) }
        : {
            method: 'POST',
            path: `/api/v1/chat/conversations/${conversationId}/messages/async`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
            body: JSON.stringify({ content, clientMessageId }),
          },
    );
    await res.body.dump();
    return res.statusCode < 300;
  } catch {
    return false;
  }
}

async function fanoutStep(c: Extract<RoomCommand, { cmd: 'fanout-step' }>): Promise<FanoutOutcome> {
  stepNo += 1;
  // The same prefix in every worker: the orchestrator numbers steps, workers count them alike.
  stepPrefix = `rf${stepNo}-`;
  seen.clear();
  latencies = [];
  duplicates = 0;
  delivered = 0;
  const senders = members.filter((m) => m.sender);
  const total = Math.max(1, Math.round(c.rate * c.seconds));
  const interval = 1000 / c.rate;
  const mine: number[] = [];
  for (let i = worker; i < total; i += workers) mine.push(i);
  let httpErrors = 0;
  const inFlight: Promise<void>[] = [];
  let k = 0;
  while (k < mine.length) {
    const t = now();
    while (k < mine.length && c.startAt + mine[k]! * interval <= t) {
      const i = mine[k]!;
      const scheduled = c.startAt + i * interval;
      const sender = senders[k % senders.length]!;
      inFlight.push(
        post(sender, CONTENT, `${stepPrefix}${tag}-${i}@${scheduled.toFixed(2)}`).then((ok) => {
          if (!ok) httpErrors += 1;
        }),
      );
      k += 1;
    }
    if (k < mine.length) await sleep(Math.max(0, Math.min(5, c.startAt + mine[k]! * interval - now())));
  }
  const lastScheduled = c.startAt + (total - 1) * interval;
  const expected = total * sockets.length;
  let settled = 0;
  for (const p of inFlight) void p.then(() => (settled += 1));
  while ((delivered < expected || settled < inFlight.length) && now() - lastScheduled < c.drainMs) await sleep(10);
  const outcome = { sent: mine.length, httpErrors, delivered, duplicates, latencies };
  stepPrefix = '';
  return outcome;
}

// AI streams state
interface AiMessage {
  clientMessageId?: string | null;
  content?: string;
  sender?: { id?: string };
}
interface StreamEvent {
  streamId: string;
  agentId: string;
  delta: string;
  offset: number;
  done: boolean;
}
interface AiState {
  sentAt: number;
  agentIds: Set<string>;
  /** per viewer: agentId → streamed text, last event time, first event time */
  text: Map<string, string>[];
  last: Map<string, number>[];
  firstToken: (number | undefined)[];
  finals: Map<string, string>[];
  gaps: number[];
  events: number;
  firstEventAt: number;
  lastEventAt: number;
  onReceived(viewer: number, message: AiMessage): void;
  onStream(viewer: number, event: StreamEvent): void;
}
let ai: AiState | undefined;

function agentOf(message: AiMessage): string | undefined {
  const id = message.sender?.id;
  return id && ai?.agentIds.has(id) ? id : undefined;
}

function aiWatch(agentIds: string[]) {
  const n = sockets.length;
  ai = {
    sentAt: Number.POSITIVE_INFINITY,
    agentIds: new Set(agentIds),
    text: Array.from({ length: n }, () => new Map()),
    last: Array.from({ length: n }, () => new Map()),
    firstToken: Array.from({ length: n }, () => undefined),
    finals: Array.from({ length: n }, () => new Map()),
    gaps: [],
    events: 0,
    firstEventAt: Number.POSITIVE_INFINITY,
    lastEventAt: 0,
    onReceived(viewer, message) {
      const agent = agentOf(message);
      if (agent) this.finals[viewer]!.set(agent, message.content ?? '');
    },
    onStream(viewer, event) {
      const t = now();
      this.events += 1;
      this.firstEventAt = Math.min(this.firstEventAt, t);
      this.lastEventAt = Math.max(this.lastEventAt, t);
      if (this.firstToken[viewer] === undefined && event.delta) this.firstToken[viewer] = t - this.sentAt;
      const before = this.last[viewer]!.get(event.streamId);
      if (before !== undefined) this.gaps.push(t - before);
      this.last[viewer]!.set(event.streamId, t);
      const text = this.text[viewer]!.get(event.agentId) ?? '';
      this.text[viewer]!.set(event.agentId, text.slice(0, event.offset) + event.delta);
    },
  };
  sockets.forEach((socket, viewer) => socket.on('message:stream', (event: StreamEvent) => ai?.onStream(viewer, event)));
  return { watching: n };
}

async function aiSend(content: string) {
  ai!.sentAt = now();
  const ok = await post(members[0]!, content, `ai-${tag}-${Date.now()}`);
  if (!ok) throw new Error('the @mention message was refused');
  return { sentAt: ai!.sentAt };
}

async function aiCollect(timeoutMs: number, expectedText: string, sentAt: number): Promise<AiOutcome> {
  const state = ai!;
  state.sentAt = sentAt;
  const deadline = Date.now() + timeoutMs;
  const allFinal = () => state.finals.every((f) => f.size >= state.agentIds.size);
  while (!allFinal() && Date.now() < deadline) await sleep(20);
  let complete = 0;
  const incomplete: string[] = [];
  state.finals.forEach((finals, viewer) => {
    for (const agent of state.agentIds) {
      const streamed = state.text[viewer]!.get(agent);
      const stored = finals.get(agent);
      if (streamed === expectedText && stored === expectedText) complete += 1;
      else incomplete.push(`viewer ${viewer} agent ${agent.slice(0, 8)}: streamed ${streamed?.length ?? 'none'} chars, stored ${stored?.length ?? 'none'}`);
    }
  });
  return {
    viewers: state.finals.length,
    firstToken: state.firstToken.filter((t): t is number => t !== undefined),
    gaps: state.gaps,
    streamEvents: state.events,
    firstEventAt: state.firstEventAt,
    lastEventAt: state.lastEventAt,
    complete,
    incomplete: incomplete.slice(0, 5),
  };
}

serveCommands<RoomCommand | { cmd: 'ai-collect'; timeoutMs: number; expectedText: string; sentAt: number }>(async (command) => {
  if (command.cmd === 'setup') {
    conversationId = command.conversationId;
    members = command.members;
    worker = command.worker;
    workers = command.workers;
    for (let i = 0; i < members.length; i += 20)
      sockets.push(...(await Promise.all(members.slice(i, i + 20).map((m, j) => connect(m, i + j)))));
    return { sockets: sockets.length };
  }
  if (command.cmd === 'fanout-step') return fanoutStep(command);
  if (command.cmd === 'ai-watch') return aiWatch(command.agentIds);
  if (command.cmd === 'ai-send') return aiSend(command.content);
  if (command.cmd === 'ai-collect') return aiCollect(command.timeoutMs, command.expectedText, (command as { sentAt: number }).sentAt);
  for (const socket of sockets) socket.disconnect();
  await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  return { closed: true };
});
