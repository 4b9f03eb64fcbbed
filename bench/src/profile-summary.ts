/**
 * Where the API's CPU time goes: self time of `.cpuprofile` files grouped by category (our source
 * by folder through the bundle's source map, npm packages by role, node's modules by area), as µs
 * per delivered message when the message count is known.
 *
 *   pnpm --filter @agentroom/bench exec tsx src/profile-summary.ts <run dir | profiles dir | files…>
 *       [--rate=300 [--variant=postgres]]   the samples of that delivery step only, per message delivered
 *       [--window=<fromUs>-<toUs>] [--messages=N] [--cpu-ms=<measured API CPU ms per message>] [--top=25]
 *
 * Sampled time is wall time between samples while the thread was not idle: on a loaded machine it
 * includes time the process waited for a core. `--cpu-ms` (what /proc measured per message, as
 * probe-send prints) turns the shares into µs of CPU per message instead.
 *
 * A run dir (bench/results/<time>-full) holds result.json and profiles/: with --rate the step's
 * window (CLOCK_MONOTONIC, V8's clock) and its delivered count come from result.json, and the
 * profiles of every API node that ran then are summed (a message costs something on both nodes).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { stageOf, summarizeProfile, type ProfileSummary } from './support/cpu-profile';

const args = process.argv.slice(2);
const value = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const inputs = args.filter((a) => !a.startsWith('--'));
if (inputs.length === 0) {
  console.error('usage: tsx src/profile-summary.ts <run dir | profiles dir | files…> [--rate=N [--variant=postgres]] [--window=from-to] [--messages=N] [--top=25]');
  process.exit(2);
}

const files = inputs.flatMap((input) => {
  if (!statSync(input).isDirectory()) return [input];
  const dir = existsSync(path.join(input, 'profiles')) ? path.join(input, 'profiles') : input;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f));
});

interface StepInResult {
  offeredRate: number;
  delivered: number;
  window?: { fromUs: number; toUs: number };
}

let window: { fromUs: number; toUs: number } | undefined;
let messages = value('messages') ? Number(value('messages')) : undefined;
const rate = value('rate');
if (rate) {
  const runDir = inputs.find((i) => existsSync(path.join(i, 'result.json')));
  if (!runDir) throw new Error('--rate needs a run dir with result.json');
  const result = JSON.parse(readFileSync(path.join(runDir, 'result.json'), 'utf8')) as {
    variants: {
      name: string;
      delivery?: { sends: { rounds: { api: { steps: StepInResult[] } }[] }[]; fixed: { step: StepInResult }[] };
      roomFanout?: { steps: StepInResult[] };
    }[];
  };
  const variant = result.variants.find((v) => v.name === (value('variant') ?? 'postgres')) ?? result.variants[0];
  // A delivery step, or else a room-fanout step (then "per message" is per delivery: message × member socket).
  const deliverySteps = [...(variant?.delivery?.fixed.map((f) => f.step) ?? []), ...(variant?.delivery?.sends.flatMap((s) => s.rounds.flatMap((r) => r.api.steps)) ?? [])];
  const step = [...deliverySteps, ...(variant?.roomFanout?.steps ?? [])].find((s) => s.offeredRate === Number(rate));
  if (!step?.window) throw new Error(`no step at ${rate}/s with a window in ${runDir}/result.json`);
  window = step.window;
  messages ??= step.delivered;
  console.log(`${variant!.name} step ${rate}/s: ${step.delivered} messages delivered`);
}
const w = value('window')?.split('-').map(Number);
if (w?.length === 2) window = { fromUs: w[0]!, toUs: w[1]! };

const summaries = files
  .map((file) => ({ file, summary: summarizeProfile(file, window) }))
  .filter(({ summary }) => summary.busyUs > 0);
if (summaries.length === 0) throw new Error('no samples in that window');

const total: ProfileSummary = { busyUs: 0, idleUs: 0, categories: new Map(), functions: new Map() };
for (const { summary } of summaries) {
  total.busyUs += summary.busyUs;
  total.idleUs += summary.idleUs;
  for (const [k, us] of summary.categories) total.categories.set(k, (total.categories.get(k) ?? 0) + us);
  for (const [k, f] of summary.functions) {
    const t = total.functions.get(k) ?? { us: 0, category: f.category };
    t.us += f.us;
    total.functions.set(k, t);
  }
}

const cpuMs = value('cpu-ms') ? Number(value('cpu-ms')) : undefined;
// With a measured CPU cost per message, each category's share of it; else sampled busy time per message.
const perMessage = (us: number) =>
  cpuMs !== undefined ? ((us / total.busyUs) * cpuMs * 1000).toFixed(1) : messages ? (us / messages).toFixed(1) : '—';
const share = (us: number) => `${((us / total.busyUs) * 100).toFixed(1)} %`;
const ms = (us: number) => (us / 1000).toFixed(0);

console.log(
  `${summaries.length} profile(s): ${summaries.map(({ file, summary }) => `${path.basename(file)} busy ${ms(summary.busyUs)} ms`).join(', ')}; ` +
    `busy ${ms(total.busyUs)} ms, idle ${ms(total.idleUs)} ms${messages ? `, ${messages} messages: ${perMessage(total.busyUs)} µs busy per message` : ''}`,
);
const unit = cpuMs !== undefined ? 'µs of CPU per message' : 'µs sampled per message';
console.log(`\n| Category (self time) | ${unit} | share of busy time |\n|---|---|---|`);
for (const [category, us] of [...total.categories].sort((a, b) => b[1] - a[1]))
  console.log(`| ${category} | ${perMessage(us)} | ${share(us)} |`);
console.log(`| **all (main thread, busy)** | **${perMessage(total.busyUs)}** | 100 % |`);

const stages = new Map<string, number>();
for (const [category, us] of total.categories) stages.set(stageOf(category), (stages.get(stageOf(category)) ?? 0) + us);
console.log(`\n| Stage of a send | ${unit} | share of busy time |\n|---|---|---|`);
for (const [stage, us] of [...stages].sort((a, b) => b[1] - a[1])) console.log(`| ${stage} | ${perMessage(us)} | ${share(us)} |`);

const top = Number(value('top') ?? 25);
console.log(`\nTop ${top} functions by self time:\n\n| Function | Category | ${unit} | share |\n|---|---|---|---|`);
for (const [label, f] of [...total.functions].sort((a, b) => b[1].us - a[1].us).slice(0, top))
  console.log(`| ${label.replace(/\|/g, '\\|')} | ${f.category} | ${perMessage(f.us)} | ${share(f.us)} |`);
