import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeLlm } from './fake-llm';
import { startMailCapture } from './mail-capture';
import { API_MAIN, ARTIFACTS_DIR, CHROMIUM_PATH, REPO_ROOT, WEB_DIST } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    llmControlUrl: string;
  }
}

// Generous: a cold start (migrations, the demo seed) on a busy two-core machine took over a minute.
const HEALTH_TIMEOUT_MS = 180_000;
const UNREAD_MAIL_MINUTE_MS = 200;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function requireFile(file: string, hint: string) {
  if (!existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
}

/** Polls the health route until the server answers, the child dies, or time runs out. */
async function waitForHealth(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';
  throw new Error(`The API did not become healthy at ${url} (exit code ${child.exitCode}).\n${log}`);
}

/**
 * One real stack for every journey: an SMTP capture, a fake model for AI agents, then the built
 * API (serving the built SPA) on a fresh embedded database with the demo data seeded.
 */
export default async function setup(project: TestProject) {
  requireFile(CHROMIUM_PATH, 'install Chromium (apt-get install chromium) or set CHROMIUM_PATH');
  requireFile(API_MAIN, 'build the API first (pnpm build, or run the journeys through turbo: pnpm test)');
  requireFile(path.join(WEB_DIST, 'index.html'), 'build the web app first (pnpm build)');

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const mail = await startMailCapture();
  // AI agents answer through a fake OpenAI-compatible model (real HTTP + SSE), never a real provider.
  const llm = await startFakeLlm();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentroom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(ARTIFACTS_DIR, 'server.log');
  const log = createWriteStream(logFile);

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
      SMTP_URL: mail.smtpUrl,
      JWT_SECRET: 'e2e-secret-that-is-comfortably-longer-than-32-characters',
      WEB_DIST_DIR: WEB_DIST,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_MAIL_MAX: '1000',
      // The unread-messages mail within the run: a "minute" of the delay setting lasts 200 ms (the
      // default 15 minutes is 3 s, '5 minutes' 1 s), looked for five times a second. Every person left
      // with unread messages gets one, so journeys wait for a mail by address and subject.
      UNREAD_MAIL_MINUTE_MS: String(UNREAD_MAIL_MINUTE_MS),
      UNREAD_MAIL_POLL_MS: '200',
      // Empty values win over a developer's .env: this run uses its own embedded database.
      DATABASE_URL: '',
      REDIS_URL: '',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'e2e',
      LLM_MODEL: 'fake-model',
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
    await mail.close();
    await llm.close();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mail.mailboxUrl);
  project.provide('llmControlUrl', llm.controlUrl);
  return stop;
}
