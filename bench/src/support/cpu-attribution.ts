import { readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** A V8 CPU profile as Chrome's `Profiler.stop` returns it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface Attribution {
  /** Sampled time not idle. */
  busyMs: number;
  /** Time in stretches of busy samples beyond their first 50 ms (a proxy for blocking time). */
  beyond50Ms: number;
  /** Self time by npm package, app folder, or the browser's own work ('(program)': parsing, style, layout). */
  byPackage: Map<string, number>;
}

const PACKAGE = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/;
const APP = /(apps\/web\/src\/[^/]+|packages\/[^/]+)/;

/** Where one sample's frame comes from, through the build's source maps (`assets`: the build's assets folder). */
function placeOf(maps: Map<string, TraceMap | null>, assets: string, frame: CpuProfile['nodes'][number]['callFrame']): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(browser)';
  const file = frame.url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(path.join(assets, `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return file;
  const source = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source ?? '';
  return PACKAGE.exec(source)?.[1] ?? APP.exec(source)?.[1] ?? file;
}

/** Self time by where the code comes from, and the blocking-time proxy, from one profile. */
export function attributeProfile(profile: CpuProfile, assets: string): Attribution {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const maps = new Map<string, TraceMap | null>();
  const byPackage = new Map<string, number>();
  let busyMs = 0;
  let beyond50Ms = 0;
  let stretch = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const frame = nodes.get(profile.samples[i]!)!.callFrame;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (frame.functionName === '(idle)') {
      beyond50Ms += Math.max(0, stretch - 50);
      stretch = 0;
      continue;
    }
    busyMs += ms;
    stretch += ms;
    const place = placeOf(maps, assets, frame);
    byPackage.set(place, (byPackage.get(place) ?? 0) + ms);
  }
  beyond50Ms += Math.max(0, stretch - 50);
  return { busyMs, beyond50Ms, byPackage };
}
