import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { REPO_ROOT } from './paths';

export interface ServerOptions {
  port: number;
  dataDir: string;
  jwtSecret: string;
  smtpUrl: string;
  databaseUrl?: string;
  redisUrl?: string;
  logFile: string;
  /** Extra node flags, e.g. --cpu-prof when profiling. */
  nodeFlags?: string[];
  /** Another build of the API to run (a main.js inside apps/api, so its packages resolve), for before/after comparisons. */
  main?: string;
  /** An OpenAI-compatible model server for AI replies (default: a closed port, so AI agents answer with a notice). */
  llmBaseUrl?: string;
  /** Environment overrides, e.g. SEED_DEMO=true for the Lighthouse run. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The production build as a child process, its fd limit raised to the hard limit so thousands of sockets fit. */
export async function startApiServer(options: ServerOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    JWT_SECRET: options.jwtSecret,
    SEED_DEMO: 'false',
    SMTP_URL: options.smtpUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_MAX: '1000000',
    RATE_LIMIT_REGISTER_MAX: '1000000',
    RATE_LIMIT_MAIL_MAX: '1000000',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '100000000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
    // Short windows so the bench's counters leave a shared Redis quickly.
    RATE_LIMIT_WINDOW_SECONDS: '60',
    // Empty rather than unset, so a developer's .env cannot point the bench at another database.
    DATABASE_URL: options.databaseUrl ?? '',
    REDIS_URL: options.redisUrl ?? '',
    LLM_BASE_URL: options.llmBaseUrl ?? 'http://127.0.0.1:9/v1',
    // Found from dist/ by default; set, so another build (options.main) finds them too.
    MIGRATIONS_DIR: path.join(REPO_ROOT, 'migrations'),
    ...options.env,
  };
  const main = options.main ?? path.join(REPO_ROOT, 'apps/api/dist/main.js');
  const flags = (options.nodeFlags ?? []).join(' ');
  const child = spawn('bash', ['-c', `ulimit -n $(ulimit -Hn) && exec node ${flags} "${main}"`], {
    cwd: path.dirname(options.logFile),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${options.port}`;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`API exited with ${exited} while starting:\n${tail(options.logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not become healthy within 90 s:\n${tail(options.logFile)}`);
    }
    try {
      const res = await request(`${url}/api/v1/health`);
      await res.body.dump();
      if (res.statusCode === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }

  return {
    url,
    pid: child.pid!,
    child,
    stop: async () => {
      if (exited !== undefined) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
      log.end();
    },
  };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

const CLOCK_TICKS = 100;

export interface ProcessSample {
  at: number;
  cpuSeconds: number;
  rssMiB: number;
}

/** CPU time (user + system) and resident memory of a process, from /proc. */
export function sampleProcess(pid: number): ProcessSample {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ", field 3 (state) is index 0, so utime (14) and stime (15) are 11 and 12.
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { at: performance.now(), cpuSeconds, rssMiB: rssKiB / 1024 };
}

/** Average CPU use between two samples, in % of one core. */
export const cpuPercent = (from: ProcessSample, to: ProcessSample) =>
  Math.round(((to.cpuSeconds - from.cpuSeconds) / ((to.at - from.at) / 1000)) * 1000) / 10;

/** The most file descriptors a process may open here (`ulimit -Hn`): it caps the connections scenario. */
export function hardFdLimit(): number {
  const out = execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
}

/** Waits until the processes stop working off a backlog (under 10% of a core), so the next load starts clean. */
export async function waitForIdle(pids: number[], maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const before = pids.map(sampleProcess);
    await sleep(500);
    const after = pids.map(sampleProcess);
    if (before.every((b, i) => cpuPercent(b, after[i]!) < 10)) return;
  }
}

/**
 * CPU per group of processes over `work`: % of one core and CPU seconds (user + system); processes
 * that come or go meanwhile are left out. `window` is when `work` ran on CLOCK_MONOTONIC in µs, the
 * clock of V8's CPU profiles, so a profile's samples of exactly this stretch can be picked out.
 */
export async function measureCpu<T>(
  groups: Record<string, number[]>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number>; cpuSeconds: Record<string, number>; window: MonotonicWindow }> {
  const trySample = (pid: number) => {
    try {
      return sampleProcess(pid);
    } catch {
      return undefined;
    }
  };
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, pids.map(trySample)]));
  const fromUs = monotonicUs();
  const result = await work();
  const window = { fromUs, toUs: monotonicUs() };
  const cpu: Record<string, number> = {};
  const cpuSeconds: Record<string, number> = {};
  for (const [k, pids] of Object.entries(groups)) {
    let percent = 0;
    let seconds = 0;
    pids.forEach((pid, i) => {
      const a = before[k]![i];
      const b = trySample(pid);
      if (!a || !b) return;
      percent += cpuPercent(a, b);
      seconds += b.cpuSeconds - a.cpuSeconds;
    });
    cpu[k] = Math.round(percent * 10) / 10;
    cpuSeconds[k] = Math.round(seconds * 100) / 100;
  }
  return { result, cpu, cpuSeconds, window };
}

/** A stretch of time on CLOCK_MONOTONIC in µs (what `process.hrtime` and V8's profiler both read). */
export interface MonotonicWindow {
  fromUs: number;
  toUs: number;
}

export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Pids of running processes whose command name is `name` (e.g. redis-server), from /proc. */
export function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}
