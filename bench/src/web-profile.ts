/**
 * The chat page's load on a phone's CPU: the seeded chat of 300 messages loaded `WP_RUNS`
 * times (default 5) in Chromium at `WP_CPU_SLOWDOWN`× (default 4, as Lighthouse's mobile preset) with
 * the V8 CPU profiler on. Prints each load's LCP and, as medians of the runs, the main thread's time
 * by package (through the build's source maps) and the time in tasks beyond 50 ms. Lighthouse's
 * simulated score swings by ten points between runs on this machine; this says where the
 * milliseconds go and moves by far less, so a change to the first paint can be judged by it.
 *
 * Needs puppeteer-core outside the repo, as the Lighthouse bench does (see lighthouse.ts), then after
 * `pnpm build`:
 *   LH_DIR=/tmp/lh pnpm --filter @agentroom/bench web-profile
 * Options: WP_RUNS=5, WP_CPU_SLOWDOWN=4, LH_WEB_DIST=<another build of apps/web>, WP_OUT=<a directory
 * for the .cpuprofile files, which Chrome's DevTools opens>.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_TOKEN_STORAGE_KEY, CHAT_PATH, startSeededApp } from './support/chat-seed';
import { attributeProfile, type CpuProfile } from './support/cpu-attribution';
import { loadPuppeteer } from './support/puppeteer';
import { REPO_ROOT } from './support/paths';

const RUNS = Number(process.env.WP_RUNS ?? 5);
const SLOWDOWN = Number(process.env.WP_CPU_SLOWDOWN ?? 4);
const WEB_DIST = path.resolve(process.env.LH_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));
/** The seeded chat's newest message, whose text ends so. */
const NEWEST = '(300)';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const launch = await loadPuppeteer();
  const outDir = process.env.WP_OUT;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const server = await startSeededApp(WEB_DIST);
  const browser = await launch();
  try {
    const { token } = server;
    const lcps: number[] = [];
    const busy: number[] = [];
    const beyond50: number[] = [];
    const byPackage = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await page.evaluateOnNewDocument(
        (key, value) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
        AUTH_TOKEN_STORAGE_KEY,
        token,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.url}${CHAT_PATH}`);
      await page.waitForFunction(
        (text) => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText.includes(text),
        { timeout: 60_000, polling: 250 },
        NEWEST,
      );
      // What follows the first screen (the rest of the window, the socket, idle loading) counts too.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const Observer = (globalThis as unknown as { PerformanceObserver: new (cb: (list: { getEntries(): { startTime: number }[] }) => void) => { observe(o: object): void } }).PerformanceObserver;
            new Observer((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await context.close();
      if (outDir) writeFileSync(path.join(outDir, `chat-${run + 1}.cpuprofile`), JSON.stringify(profile));
      const attributed = attributeProfile(profile, path.join(WEB_DIST, 'assets'));
      lcps.push(lcp);
      busy.push(attributed.busyMs);
      beyond50.push(attributed.beyond50Ms);
      for (const [name, ms] of attributed.byPackage) byPackage.set(name, [...(byPackage.get(name) ?? []), ms]);
      console.log(`run ${run + 1}: LCP ${Math.round(lcp)} ms, main thread busy ${Math.round(attributed.busyMs)} ms, beyond 50 ms ${Math.round(attributed.beyond50Ms)} ms`);
    }
    console.log(`\nchat with 300 messages at ${SLOWDOWN}× CPU, ${RUNS} loads, medians:`);
    console.log(`LCP ${Math.round(median(lcps))} ms · main thread busy ${Math.round(median(busy))} ms · in tasks beyond 50 ms ${Math.round(median(beyond50))} ms`);
    console.log('\n| where | ms |\n|---|---|');
    const rows = [...byPackage].map(([name, ms]) => [name, median([...ms, ...Array<number>(RUNS - ms.length).fill(0)])] as const);
    for (const [name, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`| ${name} | ${Math.round(ms)} |`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
