/**
 * What Lighthouse's simulated phone waited for (`LH_LANTERN=1`): Lighthouse scores a mobile load by
 * replaying its requests and main-thread tasks on a simulated network (150 ms round trips, 1.6 Mbit/s,
 * six connections to an HTTP/1.1 origin) and a 4× slower CPU ("Lantern"). With LANTERN_DEBUG set
 * it keeps each simulation's timings; this prints the requests of the largest paint's simulation, in
 * the order the simulated phone ran them: whatever ends last is what a faster page must cut. The
 * simulator is Lighthouse's internal module, found by path; a Lighthouse without it prints nothing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface SimNode {
  type: string;
  request?: { url: string; transferSize: number };
}
interface Timing {
  startTime: number;
  endTime: number;
}
interface Simulator {
  allNodeTimings: Map<string, Map<SimNode, Timing>>;
}

const SIMULATOR = '@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js';

/** Turns the simulator's record on (before Lighthouse is imported) and loads it; undefined if not found. */
export async function loadLantern(lhDir: string): Promise<Simulator | undefined> {
  process.env.LANTERN_DEBUG = 'true';
  try {
    const lighthouse = createRequire(path.join(lhDir, 'package.json')).resolve('lighthouse');
    const file = createRequire(lighthouse).resolve(SIMULATOR);
    return ((await import(pathToFileURL(file).href)) as { Simulator: Simulator }).Simulator;
  } catch (err) {
    console.log(`LH_LANTERN: Lighthouse's simulator not found (${(err as Error).message}); nothing printed`);
    return undefined;
  }
}

/** Prints the last run's simulated largest-paint requests (the optimistic graph), then forgets them. */
export function printLanternLcp(simulator: Simulator, origin: string): void {
  const timings = simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  if (timings) {
    console.log('    simulated LCP, its requests (start–end ms, bytes):');
    const rows = [...timings.entries()].filter(([node]) => node.request).sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, t] of rows) {
      const url = node.request!.url.replace(origin, '');
      console.log(`      ${Math.round(t.startTime)}–${Math.round(t.endTime)}  ${node.request!.transferSize}  ${url}`);
    }
  }
  simulator.allNodeTimings.clear();
}
