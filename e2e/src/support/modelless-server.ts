import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_MAIN, ARTIFACTS_DIR, REPO_ROOT, WEB_DIST } from './paths';

const HEALTH_TIMEOUT_MS = 60_000;

/** A port nobody listens on now, for a server whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Another built API, started by a journey that needs a setting the shared server of the global setup
 * does not have: NODE_ENV=test, its own embedded database with the demo data, no model, no mail,
 * unless `env` says otherwise. Its log is `artifacts/<name>.log`.
 */
export async function startBuiltServer(options: { name: string; port?: number; env?: Record<string, string> }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agentroom-e2e-${options.name}-`));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const logName = `${options.name}.log`;
  const log = createWriteStream(path.join(ARTIFACTS_DIR, logName));
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-comfortably-longer-than-32-characters',
      WEB_DIST_DIR: WEB_DIST,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '1000',
      // Empty values win over a developer's .env: no database server, no Redis, no model, no mail.
      DATABASE_URL: '',
      REDIS_URL: '',
      LLM_BASE_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (child.exitCode === null && Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop };
    // Polling a server that is starting up: there is nothing on screen to wait for yet.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The API "${options.name}" did not become healthy at ${baseUrl} (see artifacts/${logName})`);
}

/**
 * A second built API for the journeys about AI agents with no language model: no LLM_BASE_URL and
 * NODE_ENV=test (so it never looks for a local Ollama), its own embedded database with the demo data
 * (Demo User owns the demo team, Maya Chen is a member, Nova and Sage are its AI agents). The shared
 * server of the global setup always has its fake model, so this one is started by the journey itself.
 */
export const startModellessServer = () => startBuiltServer({ name: 'server-no-model' });
