/**
 * A diagnostic beside the benchmark: what one delivered message costs the API, measured in a way a
 * busy machine does not distort much — CPU time of the API process(es) (user and system, from
 * /proc) over a fixed number of messages, sent closed-loop (a fixed number in flight, whatever the
 * machine's speed), and the database work per message (transactions and rows, from pg_stat_database).
 * Both sockets of each pair sit in the conversation room, as in the benchmark.
 *
 *   pnpm --filter @agentroom/bench exec tsx src/probe-send.ts [count] [--pglite | --scaled]
 *       [--concurrency=1] [--pairs=N] [--cpu-prof] [--repeat=1]
 *
 * Default: Postgres, one API node, no Redis. `--scaled`: Postgres + a Redis of the probe's own
 * (a private redis-server on a random port, so other users' pub/sub traffic on the shared Redis is
 * not measured) and two API nodes, each receiver on the other node than its sender. With
 * `--cpu-prof` the API nodes write CPU profiles, and the probe prints the `profile-summary.ts`
 * command that picks out the measured stretch.
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

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const count = Number(argv.find((a) => /^\d+$/.test(a)) ?? 300);
const pglite = argv.includes('--pglite');
const scaled = !pglite && argv.includes('--scaled');
const concurrency = option('concurrency', 1);
const pairCount = option('pairs', Math.max(1, Math.min(concurrency, 50)));
const repeat = option('repeat', 1);
const cpuProf = argv.includes('--cpu-prof');
const CONTENT = 'Benchmark message: the quick brown fox jumps over the lazy dog, then asks how the sprint is going.';

const runDir = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-probe`);
mkdirSync(runDir, { recursive: true });

/** A redis-server of the probe's own, on a random port, nothing saved. */
async function startOwnRedis() {
  const port = 20000 + Math.floor(Math.random() * 10000);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await sleep(300);
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

function cpuOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

const mail = await startMailCapture();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agentroom-probe-'));
const database = pglite ? undefined : await createBenchDatabase();
const redis = scaled ? await startOwnRedis() : undefined;
const jwtSecret = randomBytes(36).toString('base64url');
const servers: ServerProcess[] = [];

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

interface Pair {
  conversationId: string;
  sender: BenchUser;
  receiver: BenchUser;
  sendUrl: string;
}

const sockets: Socket[] = [];
const arrived = new Map<string, () => void>();
const connect = (url: string, token: string, conversationId: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    sockets.push(socket);
    socket.on('message:received', (m: { clientMessageId: string }) => arrived.get(m.clientMessageId)?.());
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('room:join', { roomId: `conversation:${conversationId}` }, () => resolve(socket)));
  });

try {
  for (let i = 0; i < (scaled ? 2 : 1); i++)
    servers.push(
      await startApiServer({
        port: await freePort(),
        dataDir: path.join(dataDir, `node${i}`),
        jwtSecret,
        smtpUrl: mail.url,
        databaseUrl: database?.url,
        redisUrl: redis?.url,
        logFile: path.join(runDir, `api${i}.log`),
        nodeFlags: cpuProf ? ['--cpu-prof', `--cpu-prof-dir="${path.join(runDir, 'profiles')}"`] : [],
      }),
    );
  const urls = servers.map((s) => s.url);
  const users = await createUsers(urls[0]!, mail, 'probe', pairCount * 2);
  const pools = new Map(urls.map((u) => [u, new Pool(u, { connections: Math.max(4, concurrency), pipelining: 1 })]));
  const pairs: Pair[] = [];
  for (let i = 0; i < pairCount; i++) {
    const [sender, receiver] = [users[2 * i]!, users[2 * i + 1]!];
    const conversationId = await startConversation(urls[0]!, sender, receiver);
    const sendUrl = urls[i % urls.length]!;
    await connect(sendUrl, sender.token, conversationId);
    await connect(urls[(i + 1) % urls.length]!, receiver.token, conversationId);
    pairs.push({ conversationId, sender, receiver, sendUrl });
  }

  let sent = 0;
  const send = async (pair: Pair, id: string) => {
    const delivered = new Promise<void>((resolve) => arrived.set(id, resolve));
    const t0 = performance.now();
    const res = await pools.get(pair.sendUrl)!.request({
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
  const run = async (tag: string, total: number) => {
    const httpMs: number[] = [];
    const deliveredMs: number[] = [];
    let next = 0;
    const lane = async () => {
      while (next < total) {
        const i = next++;
        const t = await send(pairs[(sent + i) % pairs.length]!, `${tag}-${i}`);
        httpMs.push(t.answered);
        deliveredMs.push(t.delivered);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
    sent += total;
    return { httpMs, deliveredMs };
  };

  await run('warm', Math.max(200, concurrency * 20));
  await sleep(1000);
  const label = `${count} sends, ${concurrency} in flight over ${pairCount} pair(s) (${pglite ? 'PGlite, 1 node' : scaled ? 'Postgres + own Redis, 2 nodes' : 'Postgres, 1 node'})`;
  console.log(label);
  const results: { cpuMsPerMessage: number; userMs: number; systemMs: number; window: { fromUs: number; toUs: number } }[] = [];
  for (let r = 0; r < repeat; r++) {
    const before = await dbStats();
    const cpuBefore = servers.map((s) => cpuOf(s.pid));
    const fromUs = monotonicUs();
    const t0 = performance.now();
    const { httpMs, deliveredMs } = await run(`probe${r}`, count);
    const seconds = (performance.now() - t0) / 1000;
    const toUs = monotonicUs();
    const cpuAfter = servers.map((s) => cpuOf(s.pid));
    const after = await dbStats();
    const user = cpuAfter.reduce((sum, c, i) => sum + c.user - cpuBefore[i]!.user, 0);
    const system = cpuAfter.reduce((sum, c, i) => sum + c.system - cpuBefore[i]!.system, 0);
    const perMessage = ((user + system) * 1000) / count;
    results.push({ cpuMsPerMessage: perMessage, userMs: (user * 1000) / count, systemMs: (system * 1000) / count, window: { fromUs, toUs } });
    console.log(
      `  run ${r + 1}: API CPU ${perMessage.toFixed(3)} ms per message (user ${((user * 1000) / count).toFixed(3)}, system ${((system * 1000) / count).toFixed(3)}), ` +
        `${Math.round(count / seconds)} msg/s; HTTP answer ms ${JSON.stringify(summarize(httpMs))}; delivered ms p50 ${summarize(deliveredMs).p50} p99 ${summarize(deliveredMs).p99}`,
    );
    if (before && after)
      console.log(
        `    per message: ${((after.xacts - before.xacts) / count).toFixed(2)} committed transactions (autocommit statements count one each), ` +
          `${((after.read - before.read) / count).toFixed(0)} rows read, ${((after.written - before.written) / count).toFixed(1)} rows written`,
      );
    if (cpuProf) console.log(`    profile: tsx src/profile-summary.ts ${runDir} --window=${fromUs}-${toUs} --messages=${count} --cpu-ms=${perMessage.toFixed(3)}`);
  }
  const best = Math.min(...results.map((r) => r.cpuMsPerMessage));
  const median = [...results].map((r) => r.cpuMsPerMessage).sort((a, b) => a - b)[Math.floor(results.length / 2)]!;
  console.log(`  API CPU ms per message: median ${median.toFixed(3)}, best ${best.toFixed(3)} over ${repeat} run(s)`);
  writeFileSync(path.join(runDir, 'probe.json'), `${JSON.stringify({ label, count, concurrency, pairs: pairCount, results }, null, 2)}\n`);
  for (const socket of sockets) socket.disconnect();
  await Promise.all([...pools.values()].map((p) => p.close()));
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  redis?.stop();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`logs and profiles: ${runDir}`);
}
