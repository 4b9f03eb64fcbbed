import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonTestResults } from 'vitest/reporters';
import { postgresProblem, redisProblem, USUAL_POSTGRES_URL, USUAL_REDIS_URL } from './services';

/**
 * `pnpm test` for the API: every test, whatever the machine has.
 * - TEST_DATABASE_URL or TEST_REDIS_URL set: one vitest run with them, as asked.
 * - Otherwise the suite runs on PGlite; the tests it skipped (two nodes, Redis, Postgres-only races)
 *   then run again, their files only, on the usual local Postgres and Redis if those answer.
 * Whatever ran nowhere is listed with the reason. Under CI that fails the run: there every service is up.
 * With arguments (a file filter, -t …) it is one plain `vitest run` with them, like `pnpm vitest run`.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

interface Run {
  exitCode: number;
  /** "file > suite > test" of each test that did not run. */
  skipped: Set<string>;
  /** Passed or failed. */
  ran: Set<string>;
}

const testId = (file: string, fullName: string) => `${path.relative(apiDir, file)} > ${fullName}`;

/** One `vitest run` with `env` added, its output shown as usual and its results read from the JSON reporter. */
async function vitest(args: string[], env: Record<string, string>): Promise<Run> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentroom-vitest-'));
  const json = path.join(dir, 'results.json');
  try {
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
    const child = spawn(process.execPath, [vitestBin, 'run', ...reporters, ...args], { cwd: apiDir, env: { ...process.env, ...env }, stdio: 'inherit' });
    const exitCode = await new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
    const results = JSON.parse(await readFile(json, 'utf8').catch(() => '{"testResults":[]}')) as JsonTestResults;
    const run: Run = { exitCode, skipped: new Set(), ran: new Set() };
    for (const file of results.testResults)
      for (const test of file.assertionResults) {
        // A failed file's skipped tests (its hook failed, say) are not run again: the run fails anyway.
        const ran = ['passed', 'failed'].includes(test.status) || file.status === 'failed';
        (ran ? run.ran : run.skipped).add(testId(file.name, test.fullName));
      }
    return run;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const filesOf = (tests: Iterable<string>) => [...new Set([...tests].map((id) => id.split(' > ')[0]!))];

/** The env of the second run: the usual services that answer, and why the others are missing. */
async function usualServices(): Promise<{ env: Record<string, string>; missing: string[] }> {
  const [postgres, redis] = await Promise.all([postgresProblem(USUAL_POSTGRES_URL), redisProblem(USUAL_REDIS_URL)]);
  const env: Record<string, string> = {};
  const missing: string[] = [];
  if (postgres) missing.push(`Postgres at ${USUAL_POSTGRES_URL} (${postgres}; or set TEST_DATABASE_URL)`);
  else env.TEST_DATABASE_URL = USUAL_POSTGRES_URL;
  if (redis) missing.push(`Redis at ${USUAL_REDIS_URL} (${redis}; or set TEST_REDIS_URL)`);
  else env.TEST_REDIS_URL = USUAL_REDIS_URL;
  return { env, missing };
}

const given = (env: Record<string, string>) =>
  [env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite', ...(env.TEST_REDIS_URL ? ['Redis'] : [])].join(' + ');

/** Prints what did not run and why; answers the exit code (a test that ran nowhere fails CI). */
function report(notRun: string[], why: string, exitCode: number): number {
  if (notRun.length === 0) return exitCode;
  console.log(`\nAPI tests: ${notRun.length} tests did not run: ${why}.`);
  for (const id of notRun) console.log(`  - ${id}`);
  if (process.env.CI) {
    console.log('Under CI every test must run.');
    return 1;
  }
  return exitCode;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) return (await vitest(args, {})).exitCode;
  const asked = Object.fromEntries(['TEST_DATABASE_URL', 'TEST_REDIS_URL'].flatMap((key) => (process.env[key] ? [[key, process.env[key]!]] : [])));
  console.log(`API tests on Node ${process.version}, ${given(asked)}`);
  const first = await vitest([], {});
  if (Object.keys(asked).length > 0 || first.skipped.size === 0)
    return report([...first.skipped], `skipped with ${given(asked)}`, first.exitCode);

  const { env, missing } = await usualServices();
  if (Object.keys(env).length === 0) return report([...first.skipped], `they need ${missing.join(' and ')}, which did not answer`, first.exitCode);
  console.log(`\nAPI tests: ${first.skipped.size} tests skipped on PGlite; running their files again on ${given(env)}.`);
  const second = await vitest(filesOf(first.skipped), env);
  const notRun = [...first.skipped].filter((id) => !second.ran.has(id));
  if (notRun.length === 0 && second.exitCode === 0) console.log(`API tests: all ${first.skipped.size} tests skipped on PGlite passed on ${given(env)}.`);
  const why = missing.length > 0 ? `they need ${missing.join(' and ')}, which did not answer` : `skipped on PGlite and on ${given(env)} too`;
  return report(notRun, why, first.exitCode || second.exitCode);
}

process.exitCode = await main();
