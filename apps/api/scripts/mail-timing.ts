/**
 * Measures how long send-reset and send-magic-link take to answer for a known versus an unknown
 * address (the enumeration side channel). A measurement to read, not a test:
 *   pnpm --filter @agentroom/api exec tsx scripts/mail-timing.ts [rounds]
 * Runs the real server in-process (embedded database unless DATABASE_URL is set, no SMTP); the client
 * runs on its own thread, as an attacker's would, so it sees the answer when it is sent.
 */
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

const rounds = Number(process.argv[2] ?? 200);
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: 'memory://',
  JWT_SECRET: 'timing-secret-that-is-at-least-32-characters',
  SEED_DEMO: 'false',
  ARGON2_MEMORY_KIB: '8192',
  RATE_LIMIT_REGISTER_MAX: '1000',
  RATE_LIMIT_MAIL_MAX: '1000000',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const server = await startServer(config, { logger: pino({ level: 'silent' }) });

const client = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { url, rounds } = workerData;
const post = async (path, body) => {
  const started = performance.now();
  const res = await fetch(url + '/api/v1' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
};
// Lets work done after an answer finish, so it does not slow the next measured request.
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
(async () => {
  const known = { username: 'timing_known' + Date.now(), email: 'timing-known-' + Date.now() + '@example.test', password: 'Passw0rdOk', firstName: 'T', lastName: 'K' };
  if ((await post('/auth/register', known)).status !== 201) throw new Error('register failed');
  for (const path of ['/auth/email/send-reset', '/auth/email/send-magic-link']) {
    const times = { known: [], unknown: [] };
    for (let i = 0; i < rounds + 20; i += 1) {
      // Interleaved, in alternating order, so drift in machine load hits both alike; the first 20 warm up.
      const knownFirst = i % 2 === 0;
      const first = await post(path, { email: knownFirst ? known.email : 'nobody-' + i + '@example.test' });
      await settle();
      const second = await post(path, { email: knownFirst ? 'nobody-' + i + '@example.test' : known.email });
      await settle();
      const [a, b] = knownFirst ? [first, second] : [second, first];
      if (a.status !== 200 || b.status !== 200) throw new Error('unexpected status ' + a.status + '/' + b.status);
      if (i >= 20) { times.known.push(a.ms); times.unknown.push(b.ms); }
    }
    parentPort.postMessage(path + ': median known ' + median(times.known).toFixed(2) + ' ms, unknown ' + median(times.unknown).toFixed(2) + ' ms (' + rounds + ' each)');
  }
})().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
`;
const worker = new Worker(client, { eval: true, workerData: { url: server.url, rounds } });
worker.on('message', (line: string) => console.log(line));
await new Promise((resolve) => worker.once('exit', resolve));
await server.close();
