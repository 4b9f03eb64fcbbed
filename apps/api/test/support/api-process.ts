import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { createTestDatabase, writeTemplateToDataDir, type TestDatabase } from './test-database';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API as a separate OS process (from source, through tsx), for what one process cannot show:
 * a node killed mid-work. Resolves once /api/v1/health answers. A port is only free at the moment
 * of asking: when another process takes it before the child binds it, the child is started again
 * on another one.
 */
export async function spawnApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env, await freePort());
    if (started.ok) return started.node;
    if (!started.portTaken || attempt === 5) throw new Error(`API process exited: ${started.stderr}`);
  }
}

/** `kill()` is SIGKILL (no goodbye); `terminate()` is SIGTERM (a graceful stop), resolving with the exit code. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  kill(): Promise<void>;
  terminate(): Promise<number | null>;
}

type Started =
  | { ok: true; node: ApiProcess }
  | { ok: false; portTaken: boolean; stderr: string };

async function startOnce(env: Record<string, string>, port: number): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000; // a busy machine can take a minute to start tsx and migrate
  for (;;) {
    if (child.exitCode !== null) return { ok: false, portTaken: stderr.includes('EADDRINUSE'), stderr };
    const ok = await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`API process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  const terminate = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { ok: true, node: { url, child, kill, terminate } };
}

/**
 * A fresh database for a node that is killed and started again on it (a spawned first life, an
 * in-process second one): a Postgres database, or a PGlite data dir (prefixed `dirPrefix`) with the
 * migrated template written in. `env` points a node at it, with the fake LLM at `llmBaseUrl`, a 1 s AI
 * lease (so a dead node's jobs are retried soon) and rate limits no test reaches. `drop()` removes both.
 */
export async function databaseForTwoLives(
  llmBaseUrl: string,
  dirPrefix: string,
): Promise<{ database: TestDatabase; env: Record<string, string>; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), dirPrefix));
  await writeTemplateToDataDir(database, dataDir);
  const env = {
    LLM_BASE_URL: llmBaseUrl,
    AI_LEASE_MS: '1000',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_MAIL_MAX: '1000',
    // Its nodes (and their next lives) hear each other on Redis, never another test file's nodes.
    REDIS_CHANNEL: `agentroom-test:${randomUUID()}`,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: dataDir }),
  };
  return {
    database,
    env,
    drop: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
