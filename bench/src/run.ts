import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProblems } from './quick-check';
import { renderMarkdown, type BenchReport, type VariantResult } from './report';
import { runConnections } from './scenarios/connections';
import { runDelivery } from './scenarios/delivery';
import { runHistory } from './scenarios/history';
import { runInbox } from './scenarios/inbox';
import { runSearch } from './scenarios/search';
import { runLogin } from './scenarios/login';
import { aiReplyChunks, createBenchTeam, runRoomAiStreams, runRoomFanout, runRoomRelay, TEAM_MAX_PEOPLE_WITH_AGENTS } from './scenarios/rooms';
import { measureWebBundle } from './scenarios/web-bundle';
import { measureWebFirstLoad } from './scenarios/web-first-load';
import { READS_PEOPLE } from './scenarios/reads-people';
import { runToolOverhead, toolOverheadPick } from './scenarios/tool-overhead';
import { readsProblems } from './report-reads';
import { reduceReadLoads, settingsFor, type BenchSettings } from './settings';
import { createUsers } from './support/api-client';
import { ensureBuilt } from './support/build';
import { cpuTimes, gitCommit, machineRecord } from './support/machine';
import { startFakeLlm, startMailCapture, type MailCapture } from '@agentroom/testkit';
import { REPO_ROOT, RESULTS_DIR } from './support/paths';
import { freePort } from './support/ports';
import { pidsNamed, startApiServer, type ServerProcess } from './support/server-process';
import pg from 'pg';
import { cleanRedis, createBenchDatabase, postgresAnswers, REDIS_URL, redisAnswers } from './support/services';
import type { SqlTarget, VariantContext } from './support/variant';

const SCENARIOS = ['web', 'login', 'connections', 'delivery', 'history', 'inbox', 'search', 'room-fanout', 'room-ai-streams', 'tool-overhead'] as const;
type Scenario = (typeof SCENARIOS)[number];

function parseArgs(argv: string[]) {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const only = value('only')?.split(',') as Scenario[] | undefined;
  const unknown = only?.filter((s) => !SCENARIOS.includes(s));
  if (unknown?.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
  const variant = value('variant') ?? 'all';
  if (!['all', 'pglite', 'postgres', 'none'].includes(variant)) throw new Error('--variant is pglite, postgres, all or none (baselines only)');
  const numbers = (name: string) => value(name)?.split(',').map(Number).filter((n) => Number.isFinite(n) && n > 0);
  return {
    rounds: numbers('rounds')?.[0],
    pairs: numbers('pairs')?.[0],
    stepSeconds: numbers('step-seconds')?.[0],
    maxRate: numbers('max-rate')?.[0],
    requests: numbers('requests')?.[0],
    roomRates: numbers('room-rates'),
    mode: argv.includes('--quick') ? ('quick' as const) : ('full' as const),
    scenarios: new Set<Scenario>(only ?? SCENARIOS),
    variant,
    cpuProf: argv.includes('--cpu-prof'),
    reduced: argv.includes('--reduced'),
    relay: !argv.includes('--no-relay'),
    send: value('send')
      ?.split(',')
      .map((mode) => {
        if (mode !== 'http' && mode !== 'socket') throw new Error('--send is http, socket or http,socket');
        return mode as 'http' | 'socket';
      }),
  };
}

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

async function runVariant(
  name: 'pglite' | 'postgres',
  settings: BenchSettings,
  scenarios: Set<Scenario>,
  mail: MailCapture,
  options: { cpuProf: boolean; runDir: string; llmBaseUrl?: string },
): Promise<VariantResult> {
  const scaled = name === 'postgres';
  const result: VariantResult = {
    name,
    label: scaled ? 'Postgres + Redis, 2 API nodes' : 'PGlite, 1 API node',
    apiNodes: scaled ? 2 : 1,
    errors: {},
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `agentroom-bench-${name}-`));
  const database = scaled ? await createBenchDatabase() : undefined;
  const jwtSecret = randomBytes(36).toString('base64url');
  const ports = await Promise.all(Array.from({ length: result.apiNodes }, () => freePort()));
  let servers: ServerProcess[] = [];
  const startServers = async () => {
    // One node first: it runs the migrations, the second finds them done.
    servers = [];
    for (const [i, port] of ports.entries())
      servers.push(
        await startApiServer({
          port,
          dataDir: path.join(dataDir, `node${i}`),
          jwtSecret,
          smtpUrl: mail.url,
          databaseUrl: database?.url,
          redisUrl: scaled ? REDIS_URL : undefined,
          llmBaseUrl: options.llmBaseUrl,
          logFile: path.join(options.runDir, `${name}-api${i}.log`),
          nodeFlags: options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir="${path.join(options.runDir, 'profiles')}"`] : [],
        }),
      );
  };
  const stopServers = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
  };
  const sql: SqlTarget = database ? { kind: 'postgres', url: database.url, poolSize: 10 } : { kind: 'pglite', dataDir: path.join(dataDir, 'node0') };

  try {
    log(`${result.label}: starting`);
    await startServers();
    const { delivery, connections } = settings;
    const rooms = scenarios.has('room-fanout') || scenarios.has('room-ai-streams');
    // The last four are history's pair, inbox's person and search's reader; delivery, connections and
    // the rooms use the first ones. Only as many people as the scenarios ask for sign up (two argon2 hashes each).
    const userCount = Math.max(
      4,
      scenarios.has('delivery') ? delivery.pairs * 2 + 4 : 0,
      scenarios.has('connections') ? connections.workers * connections.usersPerWorker : 0,
      rooms ? Math.max(settings.roomFanout.members, settings.roomAi.viewers) + 4 : 0,
    ) + (['history', 'inbox', 'search', 'tool-overhead'].some((s) => scenarios.has(s as Scenario)) ? READS_PEOPLE : 0);
    log(`${result.label}: creating ${userCount} verified users through the API (register, mail link, login)`);
    const users = await createUsers(servers[0]!.url, mail, `b${name[0]}`, userCount);
    const ctx: VariantContext = {
      name,
      settings,
      apiUrls: servers.map((s) => s.url),
      serverPids: () => servers.map((s) => s.pid),
      mail,
      users,
      sql,
      otherProcesses: async () => {
        const redis: Record<string, number[]> = scaled ? { redis: pidsNamed('redis-server') } : {};
        if (!database) return redis;
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        await client.end();
        return { postgres: rows.map((r: { pid: number }) => r.pid), ...redis };
      },
      withDatabaseAccess: async (work) => {
        if (scaled) return work();
        await stopServers();
        try {
          return await work();
        } finally {
          await startServers();
        }
      },
      log: (line) => log(`${name} ${line}`),
    };
    const attempt = async <K extends 'login' | 'connections' | 'delivery' | 'history' | 'inbox' | 'search' | 'roomFanout' | 'roomAi' | 'toolOverhead'>(
      key: K,
      run: () => Promise<VariantResult[K]>,
      scenario: Scenario = key as Scenario,
    ) => {
      if (!scenarios.has(scenario)) return;
      try {
        result[key] = await run();
      } catch (error) {
        result.errors[key] = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`${name} ${key} FAILED: ${result.errors[key]}`);
      }
    };
    await attempt('login', () => runLogin(ctx));
    await attempt('connections', () => runConnections(ctx));
    await attempt('delivery', () => runDelivery(ctx));
    await attempt('history', () => runHistory(ctx));
    await attempt('inbox', () => runInbox(ctx));
    await attempt('search', () => runSearch(ctx));
    // A team holds 50 members at most, AI agents included: the fan-out room's 50 people fill one, the
    // AI room's people and its three agents another.
    await attempt('roomFanout', async () => runRoomFanout(ctx, await createBenchTeam(ctx, settings.roomFanout.members)), 'room-fanout');
    await attempt('roomAi', async () => runRoomAiStreams(ctx, await createBenchTeam(ctx, Math.min(settings.roomAi.viewers, TEAM_MAX_PEOPLE_WITH_AGENTS))), 'room-ai-streams');
    await attempt('toolOverhead', () => runToolOverhead(ctx), 'tool-overhead');
  } catch (error) {
    result.errors.setup = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`${name} FAILED: ${result.errors.setup}`);
  } finally {
    await stopServers();
    await database?.drop().catch((error: Error) => log(`could not drop the bench database: ${error.message}`));
    if (scaled) await cleanRedis().catch((error: Error) => log(`could not clean the bench's Redis keys: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const settings = settingsFor(args.mode);
  // Overrides for investigating one part (e.g. --rounds=2 --pairs=50); the JSON records them.
  if (args.rounds) settings.delivery.rounds = args.rounds;
  if (args.maxRate) settings.delivery.maxRate = args.maxRate;
  if (args.pairs) settings.delivery.pairs = args.pairs;
  if (args.stepSeconds) settings.delivery.stepSeconds = args.stepSeconds;
  if (args.roomRates) {
    settings.roomFanout.rates = args.roomRates;
    settings.roomFanout.maxRate = Math.max(...args.roomRates);
  }
  if (args.send?.length) settings.delivery.send = [...new Set(args.send)];
  if (args.reduced && args.mode === 'full') reduceReadLoads(settings);
  if (args.requests) settings.inbox.requests = settings.search.requests = args.requests;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const runDir = path.join(RESULTS_DIR, `${stamp}-${args.mode}`);
  mkdirSync(runDir, { recursive: true });
  log(`pnpm bench (${args.mode}): scenarios ${[...args.scenarios].join(', ')}; logs in ${path.relative(REPO_ROOT, runDir)}`);

  // Read before anything runs: others may commit while a full run is under way.
  const git = gitCommit(REPO_ROOT);
  const notes: string[] = [];
  const build = ensureBuilt(log);
  if (build.note) notes.push(build.note);
  const machineAtStart = { load: os.loadavg(), cpu: cpuTimes() };
  const loadBefore = machineAtStart.load[0]!;
  if (loadBefore > 0.5) notes.push(`load average was ${loadBefore.toFixed(2)} when the run started: the machine was shared`);

  const report: BenchReport = { settings, variants: [], skipped: [], notes };
  const relayFailures: string[] = [];
  if (args.scenarios.has('web')) {
    report.web = measureWebBundle(path.join(REPO_ROOT, 'apps/web/dist'));
    report.webFirstLoad = measureWebFirstLoad(path.join(REPO_ROOT, 'apps/web/dist'));
  }

  if (args.scenarios.has('room-fanout') && args.relay) {
    try {
      report.roomRelay = await runRoomRelay(settings, log);
    } catch (error) {
      notes.push(`bare relay (room) failed: ${error instanceof Error ? error.message : String(error)}`);
      relayFailures.push('bare relay (room) did not finish');
    }
  }

  const needsServer = args.variant !== 'none' && [...args.scenarios].some((s) => s !== 'web');
  if (needsServer) {
    const mail = await startMailCapture();
    // The AI agents' model: the testkit's fake OpenAI-compatible server, streaming one word per chunk.
    const llm = args.scenarios.has('room-ai-streams') || args.scenarios.has('tool-overhead') ? await startFakeLlm({ pick: toolOverheadPick }) : undefined;
    llm?.setDefault({ chunks: aiReplyChunks(settings.roomAi.chunks), delayMs: settings.roomAi.chunkDelayMs });
    const variantOptions = { ...args, runDir, llmBaseUrl: llm?.baseUrl };
    try {
      if (args.variant === 'all' || args.variant === 'pglite') report.variants.push(await runVariant('pglite', settings, args.scenarios, mail, variantOptions));
      if (args.variant === 'all' || args.variant === 'postgres') {
        const [pgUp, redisUp] = await Promise.all([postgresAnswers(), redisAnswers()]);
        if (pgUp && redisUp) report.variants.push(await runVariant('postgres', settings, args.scenarios, mail, variantOptions));
        else {
          const missing = [!pgUp && 'Postgres at 127.0.0.1:5432', !redisUp && 'Redis at 127.0.0.1:6379'].filter(Boolean).join(' and ');
          report.skipped.push(`scaled variant (Postgres + Redis): ${missing} did not answer`);
          log(`skipping the scaled variant: ${missing} did not answer`);
        }
      }
    } finally {
      await mail.close();
      await llm?.close();
    }
  }

  report.machine = machineRecord(machineAtStart);
  const markdown = renderMarkdown(report);
  const json = {
    ...report,
    when: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    git,
    markdown,
  };
  writeFileSync(path.join(runDir, 'result.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, `latest-${args.mode}.json`), `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n${markdown}\n`);
  const m = report.machine;
  console.log(`${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, node ${m.node}; commit ${json.git.commit.slice(0, 10)}${json.git.dirty ? ' (dirty)' : ''}`);
  log(`results: ${path.relative(REPO_ROOT, path.join(runDir, 'result.json'))}`);
  const problems = [...runProblems(report), ...readsProblems(report), ...(args.mode === 'quick' ? relayFailures : [])];
  for (const problem of problems) log(`FAIL ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
