// Sums vitest's "Tests  N failed | M passed (T)" lines over the given logs into one closing line.
// Exits non-zero when nothing ran or anything failed (the runs above already fail the script on a failure).
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let runs = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of text.split('\n')) {
    const match = line.match(/^\s*(?:\S+:\S+\s+)?Tests\s+(.*)\(\d+\)\s*$/);
    if (!match) continue;
    runs += 1;
    passed += Number(match[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(match[1].match(/(\d+) failed/)?.[1] ?? 0);
  }
}
console.log(`\n${runs} vitest runs`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(runs === 0 || passed === 0 || failed > 0 ? 1 : 0);
