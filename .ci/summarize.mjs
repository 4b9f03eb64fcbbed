// The closing check of .ci/run over the logs in one folder (`node .ci/summarize.mjs <dir>`): one line a
// run, then "N passed, N failed". Fails when an expected run's log is missing, a package of it printed
// no vitest summary, a vitest run passed 0, anything failed, a run skipped tests its environment should
// have run, or the LTS run ran on another Node. LTS_NODE_MAJOR names the LTS line (.ci/run sets it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const lts = process.env.LTS_NODE_MAJOR;
const EXPECTED = [
  {
    log: 'default.log',
    what: 'pnpm test, the README command',
    packages: ['@agentroom/shared', '@agentroom/web', '@agentroom/api', '@agentroom/e2e'],
    // The API suite runs on PGlite, then the tests it skipped once more on Postgres + Redis (its runner
    // says so in a line): every skip must be one of those.
    skips: 'run again',
  },
  { log: 'postgres.log', what: `the API suite on Postgres + Redis, Node ${lts ?? '(any)'}`, packages: ['@agentroom/api'], skips: 'none', node: lts },
];

const PREFIX = /^(@[\w.-]+\/[\w.-]+):test:\s?(.*)$/; // turbo's "<package>:test: " before each line
const SUMMARY = /^\s*Tests\s+(.*)\(\d+\)\s*$/; // vitest's "Tests  1 failed | 7 passed | 2 skipped (10)"
const RAN_AGAIN = /API tests: all (\d+) tests skipped on PGlite passed on /;
const NODE = /API tests on Node v(\d+)\./;

const count = (text, word) => Number(text.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);

/** The vitest summaries of one log, by package, and the API runner's lines. */
function read(file, packages) {
  const runs = [];
  let ranAgain = 0;
  const nodes = [];
  const text = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  for (const raw of text.split('\n')) {
    const prefixed = raw.match(PREFIX);
    const pkg = prefixed ? prefixed[1] : packages.length === 1 ? packages[0] : undefined;
    const line = prefixed ? prefixed[2] : raw;
    const summary = line.match(SUMMARY);
    if (summary) runs.push({ pkg, passed: count(summary[1], 'passed'), failed: count(summary[1], 'failed'), skipped: count(summary[1], 'skipped') + count(summary[1], 'todo') });
    ranAgain += Number(line.match(RAN_AGAIN)?.[1] ?? 0);
    const node = line.match(NODE);
    if (node) nodes.push(node[1]);
  }
  return { runs, ranAgain, nodes };
}

/** What is wrong with one expected run (empty: nothing), and its line. */
function check(dir, expected) {
  const file = path.join(dir, expected.log);
  if (!existsSync(file)) return { problems: [`${expected.log} (${expected.what}) is missing: that run never wrote its log`], line: `${expected.log}: missing` };
  const { runs, ranAgain, nodes } = read(file, expected.packages);
  const problems = [];
  for (const pkg of expected.packages)
    if (!runs.some((run) => run.pkg === pkg)) problems.push(`${expected.log}: ${pkg} printed no vitest summary (its tests did not run to the end)`);
  for (const run of runs) {
    if (run.passed === 0) problems.push(`${expected.log}: a vitest run of ${run.pkg ?? 'an unknown package'} passed 0 tests`);
    if (run.failed > 0) problems.push(`${expected.log}: ${run.failed} tests of ${run.pkg ?? 'an unknown package'} failed`);
  }
  const total = (key) => runs.reduce((sum, run) => sum + run[key], 0);
  const skipped = total('skipped');
  const allowed = expected.skips === 'run again' ? ranAgain : 0;
  if (skipped !== allowed)
    problems.push(
      allowed === 0
        ? `${expected.log}: ${skipped} tests skipped; ${expected.what} should run every test`
        : `${expected.log}: ${skipped} tests skipped, but only ${allowed} were run again on Postgres + Redis`,
    );
  if (expected.node && (nodes.length === 0 || nodes.some((major) => major !== expected.node)))
    problems.push(`${expected.log}: expected the API tests on Node ${expected.node}, the log says ${nodes.length ? nodes.map((n) => `v${n}`).join(', ') : 'nothing'}`);
  const line = `${expected.log}: ${runs.length} vitest runs, ${total('passed')} passed, ${total('failed')} failed, ${skipped} skipped${allowed ? ` (run again on Postgres + Redis)` : ''}`;
  return { problems, line, passed: total('passed'), failed: total('failed') };
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node .ci/summarize.mjs <folder of the run logs>');
  process.exit(2);
}
const results = EXPECTED.map((expected) => check(dir, expected));
console.log('');
for (const result of results) console.log(result.line);
console.log(`${results.reduce((sum, r) => sum + (r.passed ?? 0), 0)} passed, ${results.reduce((sum, r) => sum + (r.failed ?? 0), 0)} failed`);
const problems = results.flatMap((result) => result.problems);
for (const problem of problems) console.log(`FAIL ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
