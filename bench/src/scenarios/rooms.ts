import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, type BenchUser } from '../support/api-client';
import { spawnWorker, type WorkerHandle } from '../support/child-worker';
import { measureCpu, sampleProcess, waitForIdle, type MonotonicWindow } from '../support/server-process';
import { round, summarize, type LatencySummary } from '../support/stats';
import type { VariantContext } from '../support/variant';
import type { BenchSettings } from '../settings';
import { freePort } from '../support/ports';
import type { AiOutcome, FanoutOutcome, RoomMember } from '../workers/room-worker';

/** One step of the room fan-out ramp: `offeredRate` messages/s into one room, each delivered to every member's socket. */
interface RoomFanoutStep {
  offeredRate: number;
  /** Deliveries (message × member socket) per second over the step. */
  deliveriesPerSecond: number;
  sent: number;
  expectedDeliveries: number;
  delivered: number;
  lost: number;
  httpErrors: number;
  duplicates: number;
  latency: LatencySummary;
  cpu: Record<string, number>;
  /** CPU of all API nodes per delivery (message × recipient), µs. */
  serverCpuUsPerDelivery: number;
  serverRssMiB: number;
  window: MonotonicWindow;
  passed: boolean;
  attempt: number;
}

export interface RoomFanoutResult {
  members: number;
  /** The team's max_members as raised in SQL for a room bigger than the default allows. */
  raisedMaxMembers?: number;
  senders: number;
  p99BoundMs: number;
  /** Sockets per API node. */
  socketsPerNode: number[];
  steps: RoomFanoutStep[];
  best?: RoomFanoutStep;
  stoppedBy: 'failed' | 'time' | 'ceiling';
}

export interface RoomAiResult {
  /** Sockets watching; `people` distinct people behind them. */
  viewers: number;
  people: number;
  agents: number;
  rounds: number;
  chunksPerReply: number;
  /** @mention message sent → first streamed token, one sample per viewer per round, ms. */
  firstToken: LatencySummary;
  /** Gap between consecutive `message:stream` events of one reply at one viewer, ms. */
  streamGap: LatencySummary;
  streamEvents: number;
  streamEventsPerSecond: number;
  /** Viewer × agent × round replies seen whole (streamed text = stored reply = the model's text). */
  complete: number;
  expected: number;
  incomplete: string[];
  cpu: Record<string, number>;
}

/** A team's default size is 50 members, AI agents included: the AI room's team has room for its three agents. */
export const TEAM_MAX_PEOPLE_WITH_AGENTS = 47;

export interface RoomTeam {
  handle: string;
  owner: BenchUser;
  members: BenchUser[];
}

/** `teams.max_members`' default: a bigger room needs its team raised first. */
const TEAM_DEFAULT_MAX_MEMBERS = 50;

/**
 * The product has no route to raise a team's size (an operator's change), so the bench does it in
 * SQL for its own team, and says so in the report.
 */
async function raiseMaxMembers(ctx: VariantContext, handle: string, count: number): Promise<void> {
  ctx.log(`rooms: raising the bench team's max_members to ${count} in SQL`);
  const sql = spawnWorker('sql-worker.ts');
  await ctx.withDatabaseAccess(async () => {
    try {
      await sql.call({ cmd: 'open', ...ctx.sql });
      await sql.call({ cmd: 'rows', text: 'update teams set max_members = $2 where handle = $1', params: [handle, count] });
      await sql.call({ cmd: 'close' });
    } finally {
      await sql.stop();
    }
  });
}

/** A team of the first `count` users: the first creates it and adds the others by username. */
export async function createBenchTeam(ctx: VariantContext, count: number): Promise<RoomTeam> {
  const members = ctx.users.slice(0, count);
  if (members.length < count) throw new Error(`rooms need ${count} users`);
  ctx.log(`rooms: a team of ${count} people, created and filled through the API`);
  const owner = members[0]!;
  const handle = `bench-${randomBytes(4).toString('hex')}`;
  const url = ctx.apiUrls[0]!;
  await api(url, 'POST', '/teams', { name: 'Bench team', handle }, owner.token);
  if (count > TEAM_DEFAULT_MAX_MEMBERS) await raiseMaxMembers(ctx, handle, count);
  for (let i = 1; i < members.length; i += 8)
    await Promise.all(members.slice(i, i + 8).map((m) => api(url, 'POST', `/teams/${handle}/members`, { username: m.username }, owner.token)));
  return { handle, owner, members };
}

async function createRoom(ctx: VariantContext, team: RoomTeam, name: string, memberIds: string[]): Promise<string> {
  const data = await api<{ conversation: { id: string } | null }>(ctx.apiUrls[0]!, 'POST', `/teams/${team.handle}/rooms`, { name, memberIds }, team.owner.token);
  if (!data.conversation) throw new Error('the new room came back without its conversation');
  return data.conversation.id;
}

/** Members' sockets alternate between the API nodes; each member posts to the node its socket is on. */
async function openRoomWorkers(ctx: Pick<VariantContext, 'apiUrls'>, conversationId: string, users: BenchUser[], senders: number, workerCount: number, relay = false) {
  const members: RoomMember[] = users.map((u, i) => {
    const url = ctx.apiUrls[i % ctx.apiUrls.length]!;
    return { token: u.token, socketUrl: url, apiUrl: url, sender: i < senders, relay };
  });
  const workers: WorkerHandle[] = Array.from({ length: workerCount }, () => spawnWorker('room-worker.ts'));
  await Promise.all(
    workers.map((w, k) => w.call({ cmd: 'setup', conversationId, members: members.filter((_, i) => i % workerCount === k), worker: k, workers: workerCount })),
  );
  const socketsPerNode = ctx.apiUrls.map((url) => members.filter((m) => m.socketUrl === url).length);
  return { workers, socketsPerNode };
}

const countDuplicates = (outcomes: FanoutOutcome[]) => outcomes.reduce((a, o) => a + o.duplicates, 0);

function* rampRates(listed: number[], maxRate: number): Generator<number> {
  yield* listed;
  let rate = listed[listed.length - 1] ?? 10;
  for (;;) {
    rate = Math.round((rate * 1.25) / 10) * 10;
    if (rate > maxRate) return;
    yield rate;
  }
}

/**
 * One room of N members, every member's socket joined to it (spread over the API nodes), several
 * members sending over HTTP open-loop; every message is timed at every member's socket.
 */
export async function runRoomFanout(ctx: VariantContext, team: RoomTeam): Promise<RoomFanoutResult> {
  const s = ctx.settings.roomFanout;
  const users = team.members.slice(0, s.members);
  const conversationId = await createRoom(ctx, team, `fanout-${randomBytes(3).toString('hex')}`, users.slice(1).map((u) => u.agentId));
  ctx.log(`room-fanout: a room of ${users.length} members, ${s.senders} of them sending, sockets over ${ctx.apiUrls.length} node(s)`);
  const result = await rampRoom(ctx.settings, ctx.log, ctx, conversationId, users, ctx.serverPids(), () => ctx.otherProcesses(), false);
  return users.length > TEAM_DEFAULT_MAX_MEMBERS ? { ...result, raisedMaxMembers: users.length } : result;
}

/**
 * The same room load against the bare Socket.IO relay (`workers/bare-relay.ts`: no auth, no
 * database): the floor of a 50-socket broadcast on this machine. One run serves both variants.
 */
export async function runRoomRelay(settings: BenchSettings, log: (line: string) => void): Promise<RoomFanoutResult> {
  const relay = spawnWorker('bare-relay.ts');
  try {
    const port = await freePort();
    const { pid } = await relay.call<{ pid: number }>({ cmd: 'listen', port });
    const users = Array.from({ length: settings.roomFanout.members }, () => ({ username: '', agentId: '', token: '' }));
    log(`room-fanout relay: a room of ${users.length} sockets on the bare Socket.IO relay`);
    return await rampRoom(settings, (line) => log(`relay ${line}`), { apiUrls: [`http://127.0.0.1:${port}`] }, randomUUID(), users, [pid], async () => ({}), true);
  } finally {
    await relay.stop();
  }
}

async function rampRoom(
  settings: BenchSettings,
  log: (line: string) => void,
  nodes: Pick<VariantContext, 'apiUrls'>,
  conversationId: string,
  users: BenchUser[],
  pids: number[],
  otherProcesses: () => Promise<Record<string, number[]>>,
  relay: boolean,
): Promise<RoomFanoutResult> {
  const s = settings.roomFanout;
  const { workers, socketsPerNode } = await openRoomWorkers(nodes, conversationId, users, s.senders, s.workers, relay);
  const steps: RoomFanoutStep[] = [];
  let stoppedBy: RoomFanoutResult['stoppedBy'] = 'ceiling';
  const runStep = async (rate: number, seconds: number) => {
    const startAt = performance.timeOrigin + performance.now() + 300;
    const groups = { server: pids, clients: workers.map((w) => w.pid), ...(await otherProcesses()) };
    return measureCpu(groups, () =>
      Promise.all(workers.map((w) => w.call<FanoutOutcome>({ cmd: 'fanout-step', rate, seconds, drainMs: s.drainMs, startAt, expectedPerMessage: users.length }))),
    );
  };
  try {
    await runStep(s.rates[0]!, 2); // warm-up, not recorded
    const started = Date.now();
    for (const rate of rampRates(s.rates, s.maxRate)) {
      if ((Date.now() - started) / 1000 > s.maxRampSeconds) {
        stoppedBy = 'time';
        break;
      }
      let step: RoomFanoutStep | undefined;
      // As in delivery: a step failing on latency alone (a scheduler stall on a shared machine) is tried once more.
      for (let attempt = 1; attempt <= 2 && !step?.passed && !step?.lost; attempt++) {
        const { result: outcomes, cpu, cpuSeconds, window } = await runStep(rate, s.stepSeconds);
        const total = Math.max(1, Math.round(rate * s.stepSeconds));
        const delivered = outcomes.reduce((a, o) => a + o.delivered, 0);
        const httpErrors = outcomes.reduce((a, o) => a + o.httpErrors, 0);
        const expectedDeliveries = total * users.length;
        const latency = summarize(outcomes.flatMap((o) => o.latencies));
        const next: RoomFanoutStep = {
          offeredRate: rate,
          deliveriesPerSecond: Math.round(delivered / s.stepSeconds),
          sent: total,
          expectedDeliveries,
          delivered,
          lost: expectedDeliveries - delivered,
          httpErrors,
          duplicates: outcomes.reduce((a, o) => a + o.duplicates, 0),
          latency,
          cpu,
          serverCpuUsPerDelivery: delivered > 0 ? round(((cpuSeconds.server ?? 0) * 1e6) / delivered, 1) : NaN,
          serverRssMiB: round(pids.reduce((a, pid) => a + sampleProcess(pid).rssMiB, 0)),
          window,
          passed: delivered === expectedDeliveries && httpErrors === 0 && countDuplicates(outcomes) === 0 && latency.p99 <= s.p99BoundMs,
          attempt,
        };
        if (!step || next.passed || next.latency.p99 < step.latency.p99) step = next;
        if (!step.passed && attempt === 1) await waitForIdle(pids, 5000);
      }
      steps.push(step!);
      log(
        `  room-fanout ${rate} msg/s → ${step!.deliveriesPerSecond} deliveries/s: p50 ${step!.latency.p50} p95 ${step!.latency.p95} p99 ${step!.latency.p99} ms, ` +
          `lost ${step!.lost}, ${relay ? 'relay' : 'API'} ${step!.serverCpuUsPerDelivery} µs/delivery, cpu ${Object.entries(step!.cpu).map(([k, v]) => `${k} ${v}%`).join(', ')} ${step!.passed ? 'ok' : 'FAIL'}`,
      );
      if (!step!.passed) {
        stoppedBy = 'failed';
        break;
      }
      await sleep(300);
    }
  } finally {
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
    await Promise.all(workers.map((w) => w.stop()));
    await waitForIdle(pids);
  }
  const passing = steps.filter((x) => x.passed);
  return { members: users.length, senders: s.senders, p99BoundMs: s.p99BoundMs, socketsPerNode, steps, best: passing[passing.length - 1], stoppedBy };
}

/** The fake model's reply: `chunks` words, streamed one per delta. */
export function aiReplyChunks(chunks: number): string[] {
  return Array.from({ length: chunks }, (_, i) => (i === 0 ? 'word0' : ` word${i}`));
}

/**
 * A room with three AI agents (the fake OpenAI-compatible model streaming) and N viewers' sockets;
 * one message @mentions all three, and they answer in turn. Timed at every viewer.
 */
export async function runRoomAiStreams(ctx: VariantContext, team: RoomTeam): Promise<RoomAiResult> {
  const s = ctx.settings.roomAi;
  const url = ctx.apiUrls[0]!;
  const agents: { id: string; username: string }[] = [];
  for (const name of ['Ada', 'Bo', 'Cy']) {
    const data = await api<{ agent: { id: string; username: string } }>(url, 'POST', `/teams/${team.handle}/agents`, { firstName: name }, team.owner.token);
    agents.push(data.agent);
  }
  const people = team.members;
  const conversationId = await createRoom(ctx, team, `ai-${randomBytes(3).toString('hex')}`, [...people.slice(1).map((u) => u.agentId), ...agents.map((a) => a.id)]);
  // More viewers than the team holds people: some have a second window open (a second socket).
  const viewers = Array.from({ length: s.viewers }, (_, i) => people[i % people.length]!);
  ctx.log(`room-ai-streams: ${agents.length} AI agents, ${viewers.length} viewers' sockets of ${people.length} people, ${s.rounds} round(s) of one @mention of all three`);
  const expectedText = aiReplyChunks(s.chunks).join('');
  const pids = ctx.serverPids();
  const outcomes: AiOutcome[] = [];
  const cpuRounds: Record<string, number>[] = [];
  for (let r = 0; r < s.rounds; r++) {
    const { workers } = await openRoomWorkers(ctx, conversationId, viewers, 0, s.workers);
    try {
      await Promise.all(workers.map((w) => w.call({ cmd: 'ai-watch', agentIds: agents.map((a) => a.id) })));
      const groups = { server: pids, clients: workers.map((w) => w.pid), ...(await ctx.otherProcesses()) };
      const { result, cpu } = await measureCpu(groups, async () => {
        const sentAt = performance.timeOrigin + performance.now();
        await api(url, 'POST', `/chat/conversations/${conversationId}/messages/async`, { content: `${agents.map((a) => `@${a.username}`).join(' ')} what do you each think?` }, team.owner.token);
        return Promise.all(workers.map((w) => w.call<AiOutcome>({ cmd: 'ai-collect', timeoutMs: s.timeoutMs, expectedText, sentAt })));
      });
      outcomes.push(...result);
      cpuRounds.push(cpu);
    } finally {
      await Promise.all(workers.map((w) => w.call({ cmd: 'close' }).catch(() => undefined)));
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
  const events = outcomes.reduce((a, o) => a + o.streamEvents, 0);
  // Per round the stream lasts from its first to its last event at any viewer.
  const perRound = s.workers;
  let streamSeconds = 0;
  for (let i = 0; i < outcomes.length; i += perRound) {
    const round_ = outcomes.slice(i, i + perRound);
    streamSeconds += (Math.max(...round_.map((o) => o.lastEventAt)) - Math.min(...round_.map((o) => o.firstEventAt))) / 1000;
  }
  const cpu = Object.fromEntries(Object.keys(cpuRounds[0] ?? {}).map((k) => [k, round(cpuRounds.reduce((a, c) => a + (c[k] ?? 0), 0) / cpuRounds.length)]));
  return {
    viewers: viewers.length,
    people: people.length,
    agents: agents.length,
    rounds: s.rounds,
    chunksPerReply: s.chunks,
    firstToken: summarize(outcomes.flatMap((o) => o.firstToken)),
    streamGap: summarize(outcomes.flatMap((o) => o.gaps)),
    streamEvents: events,
    streamEventsPerSecond: streamSeconds > 0 ? Math.round(events / streamSeconds) : 0,
    complete: outcomes.reduce((a, o) => a + o.complete, 0),
    expected: viewers.length * agents.length * s.rounds,
    incomplete: outcomes.flatMap((o) => o.incomplete).slice(0, 5),
    cpu,
  };
}
