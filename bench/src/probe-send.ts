/**
 * A diagnostic beside the benchmark: what one delivered message costs the API, measured in a way a
 * busy machine does not distort much — CPU time of the API process(es) (user and system, from
 * /proc) over a fixed number of messages, sent closed-loop (a fixed number in flight, whatever the
 * machine's speed), and the database work per message (transactions and rows, from pg_stat_database).
 * Both sockets of each pair sit in the conversation room, as in the benchmark.
 *
 *   pnpm --filter @agentroom/bench exec tsx src/probe-send.ts [count] [--pglite | --scaled]
 *       [--concurrency=1] [--pairs=N] [--cpu-prof] [--perf-stat] [--rounds=1] [--api=<main.js>[,<main.js>…]]
 *       [--send=http|socket|http,socket] [--unix=<build index>[,…]]
 *
 * Default: Postgres, one API node, no Redis. `--scaled`: Postgres + a Redis of the probe's own
 * (a private redis-server on a random port, so other users' pub/sub traffic on the shared Redis is
 * not measured) and two API nodes, each receiver on the other node than its sender. With
 * `--cpu-prof` the API nodes write CPU profiles, and the probe prints the `profile-summary.ts`
 * command that picks out the measured stretch.
 *
 * `--perf-stat` also counts, with Linux `perf stat` on the API processes, system calls and context
 * switches per message: counts that a busy machine does not change, unlike CPU time.
 *
 * Before/after: `--api=` names builds of the API (copies of apps/api/dist/main.js kept inside
 * apps/api, e.g. under apps/api/node_modules/.bench-dist/<name>/, so their packages resolve). Each
 * build gets its own nodes (and Redis) on the same database and users, and the rounds alternate
 * between the builds, so a machine that gets busier or quieter meanwhile affects both alike.
 *
 * `--send=` says how senders send: `http` (POST …/messages/async, the default) or `socket` (the
 * socket's `message:send` with an ack, over the sender's connection already open). With both
 * (`--send=http,socket`) each build is measured both ways, on the same nodes and sockets, in
 * alternating rounds like builds.
 *
 * `--unix=1` connects build 1 (counting from 0) to Postgres and to its Redis over Unix sockets
 * (`/var/run/postgresql`, a socket file of its own redis-server) instead of TCP on 127.0.0.1: the
 * same code, so the per-round ratio is what the transport costs the API.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { createUsers, startConversation, type BenchUser } from './support/api-client';
import { startMailCapture } from '@agentroom/testkit';
import { RESULTS_DIR } from './support/paths';
import { freePort } from './support/ports';
import { monotonicUs, startApiServer, type ServerProcess } from './support/server-process';
import { createBenchDatabase } from './support/services';
import { summarize } from './support/stats';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const count = Number(argv.find((a) => /^\d+$/.test(a)) ?? 300);
const pglite = argv.includes('--pglite');
const scaled = !pglite && argv.includes('--scaled');
const concurrency = option('concurrency', 1);
const pairCount = option('pairs', Math.max(1, Math.min(concurrency, 50)));
const rounds = option('rounds', 1);
const cpuProf = argv.includes('--cpu-prof');
const perfStat = argv.includes('--perf-stat');
const unixBuilds = new Set((argv.find((a) => a.startsWith('--unix='))?.slice('--unix='.length).split(',') ?? []).map(Number));
const sendModes = (argv.find((a) => a.startsWith('--send='))?.slice('--send='.length).split(',') ?? ['http']).map((mode) => {
  if (mode !== 'http' && mode !== 'socket') throw new Error(`--send= takes http and/or socket, not ${mode}`);
  return mode;
});

/** `perf stat` on the given processes until stopped: syscalls and context switches (all threads). */
function startPerfStat(pids: number[]) {
  const child = spawn('perf', ['stat', '-x,', '-e', 'context-switches,raw_syscalls:sys_enter', '-p', pids.join(',')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    child.kill('SIGINT');
    await exited;
    const counts: Record<string, number> = {};
    for (const line of output.split('\n')) {
      const [value, , event] = line.split(',');
      if (event && /^\d+$/.test(value ?? '')) counts[event] = Number(value);
    }
    return counts;
  };
}
const builds = (argv.find((a) => a.startsWith('--api='))?.slice('--api='.length).split(',') ?? ['']).map((main) => ({
  label: main ? path.basename(path.dirname(main)) : 'dist',
  main: main ? path.resolve(main) : undefined,
}));
if (pglite && builds.length > 1) throw new Error('PGlite allows one process per database: compare builds on Postgres');
const CONTENT = 'Benchmark message: the quick brown fox jumps over the lazy dog, then asks how the sprint is going.';

const runDir = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-probe`);
mkdirSync(runDir, { recursive: true });

/** A redis-server of the probe's own, on a random port, nothing saved. */
async function startOwnRedis(unix: boolean) {
  const port = 20000 + Math.floor(Math.random() * 10000);
  const socketFile = path.join(os.tmpdir(), `agentroom-probe-redis-${port}.sock`);
  const unixArgs = unix ? ['--unixsocket', socketFile, '--unixsocketperm', '700'] : [];
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...unixArgs], { stdio: 'ignore' });
  await sleep(300);
  // ioredis takes a `path` query parameter for a Unix socket (the API's REDIS_URL must be a URL).
  const url = unix ? `redis://127.0.0.1:${port}/?path=${encodeURIComponent(socketFile)}` : `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true });
  return {
    url,
    /** Calls per command so far (INFO commandstats), e.g. { publish: 1200, evalsha: 1200 }. */
    commands: async () => {
      const info = await client.info('commandstats');
      return Object.fromEntries([...info.matchAll(/cmdstat_([^:]+):calls=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]));
    },
    stop: () => {
      client.disconnect();
      child.kill('SIGTERM');
    },
  };
}

function cpuOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

const mail = await startMailCapture();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agentroom-probe-'));
const database = pglite ? undefined : await createBenchDatabase();
const jwtSecret = randomBytes(36).toString('base64url');
const redisServers: { stop(): void }[] = [];
const allServers: ServerProcess[] = [];

const dbStats = async () => {
  if (!database) return undefined;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('select pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await client.query(
    `select xact_commit::int as xacts, (tup_returned + tup_fetched)::int as read, (tup_inserted + tup_updated + tup_deleted)::int as written
     from pg_stat_database where datname = current_database()`,
  );
  await client.end();
  return rows[0] as { xacts: number; read: number; written: number };
};

/** CPU seconds so far of the Postgres backends serving `application_name` (same machine: /proc). */
async function backendCpu(applicationName: string): Promise<number> {
  if (!database) return 0;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query('select pid from pg_stat_activity where application_name = $1', [applicationName]);
  await client.end();
  let seconds = 0;
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const c = cpuOf(pid);
      seconds += c.user + c.system;
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

interface Pair {
  conversationId: string;
  sender: BenchUser;
  receiver: BenchUser;
}

const sockets: Socket[] = [];
const arrived = new Map<string, () => void>();
const connect = (url: string, token: string, conversationId: string): Promise<Socket> =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    sockets.push(socket);
    socket.on('message:received', (m: { clientMessageId: string }) => arrived.get(m.clientMessageId)?.());
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('room:join', { roomId: `conversation:${conversationId}` }, () => resolve(socket)));
  });

/** One build's nodes, its Redis, and the pairs' sockets on them (shared by both ways of sending). */
interface BuildNodes {
  redis?: Awaited<ReturnType<typeof startOwnRedis>>;
  applicationName: string;
  servers: ServerProcess[];
  pools: Map<string, Pool>;
  /** Per pair, the sender's socket (for `message:send`). */
  senderSockets: Socket[];
}

interface Target extends BuildNodes {
  label: string;
  mode: 'http' | 'socket';
  results: { cpuMsPerMessage: number; userMs: number; systemMs: number; postgresMs: number; window: { fromUs: number; toUs: number } }[];
}

try {
  const targets: Target[] = [];
  for (const [b, build] of builds.entries()) {
    const unix = unixBuilds.has(b);
    const redis = scaled ? await startOwnRedis(unix) : undefined;
    if (redis) redisServers.push(redis);
    const servers: ServerProcess[] = [];
    for (let i = 0; i < (scaled ? 2 : 1); i++) {
      const server = await startApiServer({
        port: await freePort(),
        dataDir: path.join(dataDir, `build${b}-node${i}`),
        jwtSecret,
        smtpUrl: mail.url,
        // Named, so the probe finds this build's Postgres backends (and their CPU) in pg_stat_activity.
        databaseUrl: database && `${database.url}?application_name=probe-${b}${unix ? '&host=/var/run/postgresql' : ''}`,
        redisUrl: redis?.url,
        logFile: path.join(runDir, `${build.label}-api${i}.log`),
        nodeFlags: cpuProf ? ['--cpu-prof', `--cpu-prof-dir="${path.join(runDir, 'profiles')}"`] : [],
        main: build.main,
      });
      servers.push(server);
      allServers.push(server);
    }
    const pools = new Map(servers.map((s) => [s.url, new Pool(s.url, { connections: Math.max(4, concurrency), pipelining: 1 })]));
    const nodes: BuildNodes = { applicationName: `probe-${b}`, redis, servers, pools, senderSockets: [] };
    for (const mode of sendModes)
      targets.push({ ...nodes, label: `${build.label}${unix ? '-unix' : ''}${sendModes.length > 1 ? `-${mode}` : ''}`, mode, results: [] });
  }
  // One database and one JWT secret: the users and conversations serve every build.
  const first = targets[0]!.servers[0]!.url;
  const users = await createUsers(first, mail, 'probe', pairCount * 2);
  const pairs: Pair[] = [];
  for (let i = 0; i < pairCount; i++) {
    const [sender, receiver] = [users[2 * i]!, users[2 * i + 1]!];
    pairs.push({ conversationId: await startConversation(first, sender, receiver), sender, receiver });
  }
  // Once per build: the targets of one build (one per way of sending) share its nodes and sockets.
  for (const target of targets) {
    if (target.senderSockets.length) continue;
    const urls = target.servers.map((s) => s.url);
    for (const [i, pair] of pairs.entries()) {
      target.senderSockets.push(await connect(urls[i % urls.length]!, pair.sender.token, pair.conversationId));
      await connect(urls[(i + 1) % urls.length]!, pair.receiver.token, pair.conversationId);
    }
  }

  let sent = 0;
  const send = async (target: Target, i: number, id: string) => {
    const pair = pairs[i % pairs.length]!;
    const url = target.servers[i % pairs.length % target.servers.length]!.url;
    const delivered = new Promise<void>((resolve) => arrived.set(id, resolve));
    const t0 = performance.now();
    if (target.mode === 'socket') {
      const payload = { conversationId: pair.conversationId, content: CONTENT, targetAgentId: pair.receiver.agentId, clientMessageId: id };
      const ack = (await target.senderSockets[i % pairs.length]!.timeout(60_000).emitWithAck('message:send', payload)) as { ok: boolean; error?: string };
      if (!ack.ok) throw new Error(`message:send answered ${ack.error}`);
      const answered = performance.now() - t0;
      await delivered;
      arrived.delete(id);
      return { answered, delivered: performance.now() - t0 };
    }
    const res = await target.pools.get(url)!.request({
      method: 'POST',
      path: `/api/v1/chat/conversations/${pair.conversationId}/messages/async`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.sender.token}` },
      body: JSON.stringify({ content: CONTENT, targetAgentId: pair.receiver.agentId, clientMessageId: id }),
    });
    await res.body.dump();
    if (res.statusCode >= 300) throw new Error(`send answered ${res.statusCode}`);
    const answered = performance.now() - t0;
    await delivered;
    arrived.delete(id);
    return { answered, delivered: performance.now() - t0 };
  };
  /** `total` messages, `concurrency` in flight, pairs taken in turn. */
  const run = async (target: Target, tag: string, total: number) => {
    const httpMs: number[] = [];
    const deliveredMs: number[] = [];
    let next = 0;
    const base = sent;
    sent += total;
    const lane = async () => {
      while (next < total) {
        const i = next++;
        const t = await send(target, base + i, `${tag}-${i}`);
        httpMs.push(t.answered);
        deliveredMs.push(t.delivered);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
    return { httpMs, deliveredMs };
  };

  for (const target of targets) await run(target, `warm-${target.label}`, Math.max(500, concurrency * 50));
  await sleep(1000);
  const label = `${count} sends (${sendModes.join(' and ')}), ${concurrency} in flight over ${pairCount} pair(s) (${pglite ? 'PGlite, 1 node' : scaled ? 'Postgres + own Redis, 2 nodes' : 'Postgres, 1 node'})`;
  console.log(label);
  for (let r = 0; r < rounds; r++) {
    // A B C, then C B A: neither build always runs right after the other.
    for (const target of r % 2 ? [...targets].reverse() : targets) {
      const before = await dbStats();
      const redisBefore = await target.redis?.commands();
      const postgresBefore = await backendCpu(target.applicationName);
      const cpuBefore = target.servers.map((s) => cpuOf(s.pid));
      const stopPerf = perfStat ? startPerfStat(target.servers.map((s) => s.pid)) : undefined;
      if (stopPerf) await sleep(200);
      const fromUs = monotonicUs();
      const t0 = performance.now();
      const { httpMs, deliveredMs } = await run(target, `probe${r}-${target.label}`, count);
      const perf = await stopPerf?.();
      const seconds = (performance.now() - t0) / 1000;
      const toUs = monotonicUs();
      const cpuAfter = target.servers.map((s) => cpuOf(s.pid));
      const after = await dbStats();
      const redisAfter = await target.redis?.commands();
      // Backends that came or went meanwhile are left out: a lower bound, close when the pool is warm.
      const postgresMs = ((await backendCpu(target.applicationName)) - postgresBefore) * 1000 / count;
      const user = cpuAfter.reduce((sum, c, i) => sum + c.user - cpuBefore[i]!.user, 0);
      const system = cpuAfter.reduce((sum, c, i) => sum + c.system - cpuBefore[i]!.system, 0);
      const perMessage = ((user + system) * 1000) / count;
      target.results.push({ cpuMsPerMessage: perMessage, userMs: (user * 1000) / count, systemMs: (system * 1000) / count, postgresMs, window: { fromUs, toUs } });
      const db =
        before && after
          ? `; per message ${((after.xacts - before.xacts) / count).toFixed(2)} transactions, ${((after.read - before.read) / count).toFixed(0)} rows read, ${((after.written - before.written) / count).toFixed(1)} written`
          : '';
      // What the nodes asked Redis per message (the probe's own INFO calls left out).
      const redisPerMessage = Object.entries(redisAfter ?? {})
        .map(([command, calls]) => [command, (calls - (redisBefore?.[command] ?? 0) - (command === 'info' ? 1 : 0)) / count] as const)
        .filter(([, perMessage]) => perMessage >= 0.005)
        .map(([command, perMessage]) => `${command} ${perMessage.toFixed(2)}`)
        .join(', ');
      console.log(
        `  ${target.label} round ${r + 1} (load ${os.loadavg()[0]!.toFixed(1)}): API CPU ${perMessage.toFixed(3)} ms per message ` +
          `(user ${((user * 1000) / count).toFixed(3)}, system ${((system * 1000) / count).toFixed(3)})${database ? `, Postgres CPU ${postgresMs.toFixed(3)} ms per message` : ''}, ${Math.round(count / seconds)} msg/s, ` +
          `${target.mode === 'socket' ? 'ack' : 'HTTP answer'} p50 ${summarize(httpMs).p50} ms, delivered p50 ${summarize(deliveredMs).p50} p99 ${summarize(deliveredMs).p99} ms${db}` +
          (redisPerMessage ? `; Redis per message: ${redisPerMessage}` : '') +
          (perf
            ? `; per message ${((perf['raw_syscalls:sys_enter'] ?? NaN) / count).toFixed(1)} syscalls, ${((perf['context-switches'] ?? NaN) / count).toFixed(1)} context switches`
            : ''),
      );
      if (cpuProf) console.log(`    profile: tsx src/profile-summary.ts ${runDir} --window=${fromUs}-${toUs} --messages=${count} --cpu-ms=${perMessage.toFixed(3)}`);
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  };
  for (const target of targets) {
    const values = target.results.map((r) => r.cpuMsPerMessage);
    // Paired with the first build's run of the same round: the machine's load drifts, a round's pair shares it.
    const ratios = target.results.map((r, i) => r.cpuMsPerMessage / targets[0]!.results[i]!.cpuMsPerMessage);
    console.log(
      `${target.label}: API CPU ms per message: median ${median(values).toFixed(3)}, best ${Math.min(...values).toFixed(3)} over ${values.length} round(s)` +
        (target === targets[0] ? '' : `; ÷ ${targets[0]!.label} in the same round: median ${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(2)).join(' ')})`) +
        (database ? `; Postgres CPU ms per message: median ${median(target.results.map((r) => r.postgresMs)).toFixed(3)}` : ''),
    );
  }
  writeFileSync(
    path.join(runDir, 'probe.json'),
    `${JSON.stringify({ label, count, concurrency, pairs: pairCount, sendModes, builds: targets.map((t) => ({ label: t.label, mode: t.mode, results: t.results })) }, null, 2)}\n`,
  );
  for (const socket of sockets) socket.disconnect();
  await Promise.all(targets.flatMap((t) => [...t.pools.values()].map((p) => p.close())));
} finally {
  await Promise.all(allServers.map((s) => s.stop()));
  await database?.drop();
  for (const redis of redisServers) redis.stop();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`logs and profiles: ${runDir}`);
}
