/**
 * A diagnostic beside the benchmark: one sender, one receiver, K messages one after another on the
 * Postgres variant, with what each send costs the database (transactions and rows touched, from
 * pg_stat_database) and, with --cpu-prof, a CPU profile of the API under bench/results/<run>/profiles.
 * Usage: pnpm --filter @agentroom/bench exec tsx src/probe-send.ts [count] [--cpu-prof] [--pglite]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { api, createUsers, startConversation } from './support/api-client';
import { startMailCapture } from '@agentroom/testkit';
import { RESULTS_DIR } from './support/paths';
import { freePort } from './support/ports';
import { cpuPercent, sampleProcess, startApiServer } from './support/server-process';
import { createBenchDatabase } from './support/services';
import { summarize } from './support/stats';

const count = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 300);
const pglite = process.argv.includes('--pglite');
const runDir = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-probe`);
mkdirSync(runDir, { recursive: true });
const mail = await startMailCapture();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agentroom-probe-'));
const database = pglite ? undefined : await createBenchDatabase();
const server = await startApiServer({
  port: await freePort(),
  dataDir,
  jwtSecret: randomBytes(36).toString('base64url'),
  smtpUrl: mail.url,
  databaseUrl: database?.url,
  logFile: path.join(runDir, 'api.log'),
  nodeFlags: process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir="${path.join(runDir, 'profiles')}"`] : [],
});
const stats = async () => {
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
try {
  const [a, b] = await createUsers(server.url, mail, 'probe', 2);
  const conversationId = await startConversation(server.url, a!, b!);
  const socket = io(server.url, { transports: ['websocket'], auth: { token: b!.token }, forceNew: true });
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  await new Promise((resolve) => socket.emit('room:join', { roomId: `conversation:${conversationId}` }, resolve));
  const arrived = new Map<string, () => void>();
  socket.on('message:received', (m: { clientMessageId: string }) => arrived.get(m.clientMessageId)?.());
  const send = (id: string) =>
    api(server.url, 'POST', `/chat/conversations/${conversationId}/messages/async`, { content: 'probe', targetAgentId: b!.agentId, clientMessageId: id }, a!.token);
  for (let i = 0; i < 20; i++) await send(`warm-${i}`);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = await stats();
  const cpuBefore = sampleProcess(server.pid);
  const httpMs: number[] = [];
  const deliveredMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = `probe-${i}`;
    const t0 = performance.now();
    const delivered = new Promise<void>((resolve) => arrived.set(id, resolve));
    await send(id);
    httpMs.push(performance.now() - t0);
    await delivered;
    deliveredMs.push(performance.now() - t0);
  }
  const cpuAfter = sampleProcess(server.pid);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await stats();
  socket.disconnect();
  console.log(`${count} sequential sends (${pglite ? 'PGlite' : 'Postgres'})`);
  console.log('  HTTP answer ms', summarize(httpMs));
  console.log('  delivered ms  ', summarize(deliveredMs));
  console.log(`  API CPU ${cpuPercent(cpuBefore, cpuAfter)}% of a core; CPU ms per message ${(((cpuAfter.cpuSeconds - cpuBefore.cpuSeconds) * 1000) / count).toFixed(2)}`);
  if (before && after)
    console.log(
      `  per message: ${((after.xacts - before.xacts) / count).toFixed(1)} committed transactions (autocommit statements count one each), ` +
        `${((after.read - before.read) / count).toFixed(0)} rows read, ${((after.written - before.written) / count).toFixed(1)} rows written`,
    );
} finally {
  await server.stop();
  await database?.drop();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`logs and profiles: ${runDir}`);
}
