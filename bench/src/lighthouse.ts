/**
 * Lighthouse on the built app as the API serves it: /auth/login, /auth/register, the team
 * page and a chat with 300 messages, mobile (the default preset, simulated throttling) and desktop,
 * each page `LH_RUNS` times (default 3); prints the median scores and metrics and the load average.
 *
 * Lighthouse and puppeteer-core are NOT dependencies of the repo (CI never installs them): install
 * them outside it, e.g.
 *   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse@13 puppeteer-core
 * (Lighthouse 13 declares Node ≥ 22.19 but runs on this repo's Node 20; lighthouse@12 is the fallback), then, after
 * `pnpm build`:
 *   LH_DIR=/tmp/lh CHROME_PATH=/usr/bin/chromium pnpm --filter @agentroom/bench lighthouse
 * Options: LH_RUNS=3, LH_PAGES=login,register,team,chat, LH_PRESETS=mobile,desktop, LH_OUT=<dir for
 * the JSON reports>, LH_WEB_DIST=<another build of apps/web to serve, e.g. `vite build --outDir /tmp/web-b`,
 * for a before/after on one server build>, LH_LANTERN=1 (after each run, the requests the simulated
 * phone's largest paint waited for: see support/lantern.ts).
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
import { AUTH_TOKEN_STORAGE_KEY, CHAT_PATH, startSeededApp } from './support/chat-seed';
import { REPO_ROOT } from './support/paths';
import { printLanternLcp, loadLantern } from './support/lantern';
import { importFromLhDir, LH_DIR, loadPuppeteer, type Browser } from './support/puppeteer';

const RUNS = Number(process.env.LH_RUNS ?? 3);
const PAGES = (process.env.LH_PAGES ?? 'login,register,team,chat').split(',');
const PRESETS = (process.env.LH_PRESETS ?? 'mobile,desktop').split(',');

/* The part of Lighthouse's API used here (it is not typed in the repo). */
interface LhResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
    runtimeError?: { message: string };
  };
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
  return s[Math.floor(s.length / 2)]!;
};

interface Row {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number[];
}

async function main() {
  // Before Lighthouse loads: the simulator reads LANTERN_DEBUG as it runs.
  const lantern = process.env.LH_LANTERN ? await loadLantern(LH_DIR) : undefined;
  const { lighthouse, desktopConfig, launch } = await loadTools();
  const outDir = process.env.LH_OUT ?? path.join(REPO_ROOT, 'bench/results/lighthouse');
  mkdirSync(outDir, { recursive: true });
  const server = await startSeededApp(process.env.LH_WEB_DIST);
  const browser = await launch();
  const rows: Row[] = [];
  try {
    const { token } = server;
    const urls: Record<string, { url: string; signedIn: boolean }> = {
      login: { url: `${server.url}/auth/login`, signedIn: false },
      register: { url: `${server.url}/auth/register`, signedIn: false },
      team: { url: `${server.url}/t/demo`, signedIn: true },
      chat: { url: `${server.url}${CHAT_PATH}`, signedIn: true },
    };
    const load = loadavg().map((x) => x.toFixed(2)).join(' ');
    console.log(`load average before: ${load} (${RUNS} runs a page, median shown)`);
    for (const preset of PRESETS) {
      for (const name of PAGES) {
        const target = urls[name]!;
        const results: LhResult['lhr'][] = [];
        for (let run = 0, failures = 0; run < RUNS; run += 1) {
          // A fresh browser context per run: an empty cache and storage (the token of a signed-in run
          // would otherwise stay for the sign-in pages, which then redirect to the team page).
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          await page.evaluateOnNewDocument(
            (key, value, origin) => {
              // Runs in the page (serialised by puppeteer); the bench is typed for Node only.
              const { location, localStorage } = globalThis as unknown as {
                location: { origin: string };
                localStorage: { setItem(k: string, v: string): void; removeItem(k: string): void };
              };
              if (location.origin !== origin) return;
              if (value) localStorage.setItem(key, value);
              else localStorage.removeItem(key);
            },
            AUTH_TOKEN_STORAGE_KEY,
            target.signedIn ? token : '',
            server.url,
          );
          const result = await lighthouse(
            target.url,
            { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
            preset === 'desktop' ? desktopConfig : undefined,
            page,
          );
          await context.close();
          if (!result || result.lhr.runtimeError) {
            // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): run again, twice at most.
            const why = `${name} ${preset}: ${result?.lhr.runtimeError?.message ?? 'no result'}`;
            if ((failures += 1) > 2) throw new Error(why);
            console.log(`  ${why}; again`);
            run -= 1;
            continue;
          }
          writeFileSync(path.join(outDir, `${name}-${preset}-${run + 1}.json`), String(result.report));
          results.push(result.lhr);
          console.log(`  ${name} ${preset} run ${run + 1}: performance ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}`);
          if (lantern) printLanternLcp(lantern, server.url);
        }
        const score = (c: string) => median(results.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
        const metric = (a: string) => median(results.map((r) => r.audits[a]?.numericValue ?? NaN));
        const row: Row = {
          page: name,
          preset,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(metric('first-contentful-paint')),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
          runs: results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
    console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log('\n| page | preset | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | runs |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.page} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.runs.join(', ')} |`,
      );
    }
    console.log(`\nJSON reports in ${outDir}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
