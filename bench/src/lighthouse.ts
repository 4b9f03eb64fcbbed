/**
 * Lighthouse on the built app as the API serves it: the sign-in page, the team page, a chat with 300
 * messages and a room with 300 messages (the register page on request), mobile preset (simulated
 * throttling; desktop on request). Each page `LH_RUNS` times (default 5), interleaved: run 1 of every
 * page, then run 2 of every page…, so a noisy moment of the host hits all pages alike. Prints per page
 * the median and the spread (min–max) of the Performance score and of FCP, LCP, TBT and CLS, then the
 * main-thread time by category and by script that each signed-in page spends beyond the sign-in page
 * (Lighthouse's `mainthread-work-breakdown` and `bootup-time` audits, medians); writes it all as JSON
 * to bench/results/lighthouse/.
 *
 * Lighthouse is pinned to one exact version (`PINNED` in support/puppeteer.ts: lighthouse 12.8.2,
 * puppeteer-core 24.43.1): scores from another version's simulator are not comparable. Neither is a
 * dependency of the repo (CI never installs them); install them outside it:
 *   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install --save-exact lighthouse@12.8.2 puppeteer-core@24.43.1
 * The script refuses to run with any other installed version. Then, after `pnpm build`:
 *   LH_DIR=/tmp/lh CHROME_PATH=/usr/bin/chromium pnpm --filter @agentroom/bench lighthouse
 * Options: LH_RUNS=5, LH_PAGES=login,team,chat,room (also: register), LH_PRESETS=mobile (also: desktop),
 * LH_OUT=<directory of the JSON; default bench/results/lighthouse>, LH_KEEP_REPORTS=1 (each run's full
 * report beside it), LH_WEB_DIST=<another build of apps/web to serve instead of apps/web/dist>,
 * LH_AB=<another build of apps/web>: a second server serves it and every run measures each page on
 * both, interleaved (`chat` and `chat·B` in the table), for a before/after in one sitting,
 * LH_LANTERN=1 (after each run, the requests the simulated phone's largest paint waited for: see
 * support/lantern.ts).
 *
 * Signed-in pages: Lighthouse cannot sign in (and `--extra-headers` cannot stand for a token the app
 * reads from localStorage), so the token is put into localStorage by a script that runs before any of the page's own
 * (`evaluateOnNewDocument` on the puppeteer page Lighthouse drives), in a new browser context for
 * each run: a cold cache, a signed-in user (and no token at all on the sign-in pages).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTH_TOKEN_STORAGE_KEY, CHAT_PATH, ROOM_PATH, startSeededApp } from './support/chat-seed';
import { REPO_ROOT } from './support/paths';
import { printLanternLcp, loadLantern } from './support/lantern';
import { importFromLhDir, LH_DIR, loadPuppeteer, PINNED, type Browser } from './support/puppeteer';

const RUNS = Number(process.env.LH_RUNS ?? 5);
const PAGES = (process.env.LH_PAGES ?? 'login,team,chat,room').split(',');
const PRESETS = (process.env.LH_PRESETS ?? 'mobile').split(',');
/** The page every other is compared with. */
const BASELINE_PAGE = 'login';

const PAGE_PATHS: Record<string, { path: string; signedIn: boolean }> = {
  login: { path: '/auth/login', signedIn: false },
  register: { path: '/auth/register', signedIn: false },
  team: { path: '/t/demo', signedIn: true },
  chat: { path: CHAT_PATH, signedIn: true },
  room: { path: ROOM_PATH, signedIn: true },
};

/* The part of Lighthouse's API used here (it is not typed in the repo). */
interface Audit {
  numericValue?: number;
  score: number | null;
  title: string;
  details?: { items?: Record<string, unknown>[] };
}
interface Lhr {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}
interface LhResult {
  lhr: Lhr;
  report: string | string[];
}
type Lighthouse = (url: string, flags: object, config: object | undefined, page: unknown) => Promise<LhResult | undefined>;

async function loadTools(): Promise<{ lighthouse: Lighthouse; desktopConfig: object; launch: () => Promise<Browser> }> {
  const { module, resolved } = await importFromLhDir<{ default: Lighthouse }>('lighthouse');
  const lhRoot = resolved.slice(0, resolved.lastIndexOf(`${path.sep}lighthouse${path.sep}`) + '/lighthouse/'.length);
  const desktopConfig = ((await import(pathToFileURL(path.join(lhRoot, 'core/config/desktop-config.js')).href)) as { default: object }).default;
  return { lighthouse: module.default, desktopConfig, launch: await loadPuppeteer() };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface Spread {
  median: number;
  min: number;
  max: number;
}
const spread = (xs: number[], digits = 0): Spread => {
  const f = 10 ** digits;
  const r = (x: number) => Math.round(x * f) / f;
  return { median: r(median(xs)), min: r(Math.min(...xs)), max: r(Math.max(...xs)) };
};

/** One run's figures, as read from its report. */
interface RunFigures {
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Main-thread ms by category (`mainthread-work-breakdown`). */
  mainThread: Record<string, number>;
  /** Per script URL (path only): total, script evaluation and parse/compile ms (`bootup-time`). */
  scripts: Record<string, { total: number; scripting: number; parse: number }>;
}

function figuresOf(lhr: Lhr, run: number, origin: string, pageUrl: string): RunFigures {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
  const mainThread: Record<string, number> = {};
  for (const item of lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) {
    mainThread[String(item.groupLabel ?? item.group)] = Number(item.duration);
  }
  const scripts: RunFigures['scripts'] = {};
  for (const item of lhr.audits['bootup-time']?.details?.items ?? []) {
    // The page's own document under one name, so pages compare line by line.
    const url = item.url === pageUrl ? '(document)' : String(item.url).replace(origin, '');
    scripts[url] = { total: Number(item.total), scripting: Number(item.scripting), parse: Number(item.scriptParseCompile) };
  }
  return {
    run,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    mainThread,
    scripts,
  };
}

interface Summary {
  page: string;
  preset: string;
  performance: Spread;
  fcpMs: Spread;
  lcpMs: Spread;
  tbtMs: Spread;
  cls: Spread;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Medians over the runs (a category or script absent from a run counts 0 there). */
  mainThread: Record<string, number>;
  scripts: Record<string, number>;
  runs: RunFigures[];
}

const medianOfKeys = (records: Record<string, number>[]) => {
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  return Object.fromEntries([...keys].map((k) => [k, Math.round(median(records.map((r) => r[k] ?? 0)))]));
};

function summarize(page: string, preset: string, runs: RunFigures[]): Summary {
  return {
    page,
    preset,
    performance: spread(runs.map((r) => r.performance)),
    fcpMs: spread(runs.map((r) => r.fcpMs)),
    lcpMs: spread(runs.map((r) => r.lcpMs)),
    tbtMs: spread(runs.map((r) => r.tbtMs)),
    cls: spread(runs.map((r) => r.cls), 3),
    accessibility: median(runs.map((r) => r.accessibility)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    seo: median(runs.map((r) => r.seo)),
    mainThread: medianOfKeys(runs.map((r) => r.mainThread)),
    scripts: medianOfKeys(runs.map((r) => Object.fromEntries(Object.entries(r.scripts).map(([u, s]) => [u, s.total])))),
    runs,
  };
}

const fmt = (s: Spread) => `${s.median} (${s.min}–${s.max})`;

function printTable(rows: Summary[]): void {
  console.log('\n| page | preset | Perf | FCP ms | LCP ms | TBT ms | CLS | A11y/BP/SEO | runs |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.preset} | ${fmt(r.performance)} | ${fmt(r.fcpMs)} | ${fmt(r.lcpMs)} | ${fmt(r.tbtMs)} | ${fmt(r.cls)} | ${r.accessibility}/${r.bestPractices}/${r.seo} | ${r.runs.map((x) => x.performance).join(', ')} |`,
    );
  }
}

/** Each page's main-thread time beyond the sign-in page's of the same preset and build (medians, ms). */
function excessOverBaseline(rows: Summary[]): Record<string, { mainThread: Record<string, number>; scripts: Record<string, number> }> {
  const out: ReturnType<typeof excessOverBaseline> = {};
  for (const r of rows) {
    const build = r.page.includes('·') ? r.page.slice(r.page.indexOf('·')) : '';
    const base = rows.find((b) => b.preset === r.preset && b.page === `${BASELINE_PAGE}${build}`);
    if (!base || base === r) continue;
    const diff = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(
        [...new Set([...Object.keys(a), ...Object.keys(b)])]
          .map((k) => [k, (a[k] ?? 0) - (b[k] ?? 0)] as const)
          .sort((x, y) => y[1] - x[1]),
      );
    out[`${r.page} ${r.preset} (beyond ${base.page})`] = { mainThread: diff(r.mainThread, base.mainThread), scripts: diff(r.scripts, base.scripts) };
  }
  return out;
}

function printExcess(rows: Summary[], excess: ReturnType<typeof excessOverBaseline>): void {
  const base = rows.find((r) => r.page === BASELINE_PAGE);
  if (!base) return;
  const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  console.log(`\nMain thread, medians in ms (simulated phone: as Lighthouse reports it, CPU slowdown applied)`);
  console.log(`${BASELINE_PAGE} ${base.preset}: ${Math.round(total(base.mainThread))} ms — ${Object.entries(base.mainThread).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const [page, e] of Object.entries(excess)) {
    console.log(`\n${page}: ${Math.round(total(e.mainThread))} ms`);
    console.log(`  by category: ${Object.entries(e.mainThread).map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`).join(', ')}`);
    const scripts = Object.entries(e.scripts).filter(([, v]) => Math.abs(v) >= 10);
    console.log(`  by script (|Δ| ≥ 10 ms): ${scripts.map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`).join(', ') || 'none'}`);
  }
}

async function main() {
  // Before Lighthouse loads: the simulator reads LANTERN_DEBUG as it runs.
  const lantern = process.env.LH_LANTERN ? await loadLantern(LH_DIR) : undefined;
  const { lighthouse, desktopConfig, launch } = await loadTools();
  const outDir = process.env.LH_OUT ?? path.join(REPO_ROOT, 'bench/results/lighthouse');
  const keepReports = Boolean(process.env.LH_KEEP_REPORTS);
  mkdirSync(outDir, { recursive: true });
  for (const page of PAGES) if (!PAGE_PATHS[page]) throw new Error(`LH_PAGES: no page ${page} (${Object.keys(PAGE_PATHS).join(', ')})`);
  const servers = [{ label: '', server: await startSeededApp(process.env.LH_WEB_DIST) }];
  if (process.env.LH_AB) servers.push({ label: '·B', server: await startSeededApp(process.env.LH_AB) });
  const browser = await launch();
  const startedAt = new Date();
  const loadBefore = loadavg();
  const results = new Map<string, RunFigures[]>();
  try {
    console.log(`Lighthouse ${PINNED.lighthouse}; load average before: ${loadBefore.map((x) => x.toFixed(2)).join(' ')}; ${RUNS} runs a page, interleaved`);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const preset of PRESETS) {
        for (const name of PAGES) {
          for (const { label, server } of servers) {
            const target = PAGE_PATHS[name]!;
            const key = `${name}${label}\u0000${preset}`;
            for (let failures = 0; ; ) {
              // A fresh browser context per run: an empty cache and storage (the token of a signed-in run
              // would otherwise stay for the sign-in pages, which then redirect to the team page).
              const context = await browser.createBrowserContext();
              const page = await context.newPage();
              await page.evaluateOnNewDocument(
                (storageKey, value, origin) => {
                  // Runs in the page (serialised by puppeteer); the bench is typed for Node only.
                  const { location, localStorage } = globalThis as unknown as {
                    location: { origin: string };
                    localStorage: { setItem(k: string, v: string): void; removeItem(k: string): void };
                  };
                  if (location.origin !== origin) return;
                  if (value) localStorage.setItem(storageKey, value);
                  else localStorage.removeItem(storageKey);
                },
                AUTH_TOKEN_STORAGE_KEY,
                target.signedIn ? server.token : '',
                server.url,
              );
              const result = await lighthouse(
                `${server.url}${target.path}`,
                { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
                preset === 'desktop' ? desktopConfig : undefined,
                page,
              );
              await context.close();
              if (!result || result.lhr.runtimeError) {
                // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): run again, twice at most.
                const why = `${name}${label} ${preset}: ${result?.lhr.runtimeError?.message ?? 'no result'}`;
                if ((failures += 1) > 2) throw new Error(why);
                console.log(`  ${why}; again`);
                continue;
              }
              if (result.lhr.lighthouseVersion !== PINNED.lighthouse) throw new Error(`Lighthouse ${result.lhr.lighthouseVersion} ran, not ${PINNED.lighthouse}`);
              if (keepReports) writeFileSync(path.join(outDir, `${name}${label ? '-B' : ''}-${preset}-${run}.json`), String(result.report));
              const figures = figuresOf(result.lhr, run, server.url, `${server.url}${target.path}`);
              results.set(key, [...(results.get(key) ?? []), figures]);
              console.log(`  run ${run} ${name}${label} ${preset}: performance ${figures.performance}, FCP ${figures.fcpMs}, LCP ${figures.lcpMs}, TBT ${figures.tbtMs}`);
              if (lantern) printLanternLcp(lantern, server.url);
              break;
            }
          }
        }
      }
    }
    const loadAfter = loadavg();
    const rows = [...results].map(([key, runs]) => {
      const [page, preset] = key.split('\u0000') as [string, string];
      return summarize(page, preset, runs);
    });
    printTable(rows);
    const excess = excessOverBaseline(rows);
    printExcess(rows, excess);
    console.log(`\nload average after: ${loadAfter.map((x) => x.toFixed(2)).join(' ')}`);
    const file = path.join(outDir, `summary-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          lighthouse: PINNED.lighthouse,
          startedAt: startedAt.toISOString(),
          runsPerPage: RUNS,
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadAfter,
          webDist: process.env.LH_WEB_DIST ?? 'apps/web/dist',
          webDistB: process.env.LH_AB,
          pages: rows,
          beyondSignIn: excess,
        },
        null,
        2,
      ),
    );
    console.log(`JSON in ${file}`);
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
  }
}

await main();
