import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) this summary reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileSummary {
  /** Sampled main-thread time in the window, µs, idle excluded. */
  busyUs: number;
  idleUs: number;
  /** Self time per category, µs. */
  categories: Map<string, number>;
  /** Self time per function (`name (where)`), µs, with its category. */
  functions: Map<string, { us: number; category: string }>;
}

/**
 * Where a frame's own time belongs. Source of the API (bundled in dist/main.js) is read through its
 * source map, so it is grouped by folder (`api: chat`, `api: http`, …); npm packages by what they do
 * on the send path; node's own modules by area. Frames without a script (V8 builtins and native
 * bindings such as JSON.stringify or a socket's writev) take their caller's category.
 */
const PACKAGE_CATEGORIES: [RegExp, string][] = [
  [/^(express|router|finalhandler|send|serve-static|path-to-regexp|depd|on-finished|statuses|vary|parseurl|encodeurl|escape-html|merge-descriptors|methods|utils-merge|setprototypeof|proxy-addr|forwarded|accepts|negotiator|fresh|range-parser|etag|content-disposition|cookie|mime-types|mime-db|type-is|media-typer)$/, 'Express: routing and response'],
  [/^(body-parser|raw-body|iconv-lite|content-type|bytes|unpipe|http-errors|safer-buffer)$/, 'Express: JSON body parsing'],
  [/^helmet$/, 'helmet (security headers)'],
  [/^(express-rate-limit|rate-limit-redis|rate-limiter-flexible)$/, 'rate limit'],
  [/^(ioredis|@ioredis\/.*|redis-parser|redis-errors|cluster-key-slot|denque|standard-as-callback|lodash\..*)$/, 'Redis client (ioredis)'],
  [/^(pg|pg-protocol|pg-types|pg-pool|pg-connection-string|postgres-.*|pgpass|buffer-writer|packet-reader|split2)$/, 'Postgres client (pg)'],
  [/^drizzle-orm$/, 'drizzle-orm'],
  [/^@electric-sql\/pglite$/, 'PGlite (Postgres in WASM)'],
  [/^(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|base64id|cors|@socket\.io\/component-emitter)$/, 'Socket.IO (server, parser, engine)'],
  [/^(@socket\.io\/redis-adapter|notepack\.io|@msgpack\/msgpack)$/, 'Socket.IO Redis adapter (msgpack)'],
  [/^(ws|bufferutil|utf-8-validate)$/, 'ws (WebSocket frames)'],
  [/^(jsonwebtoken|jws|jwa|ecdsa-sig-formatter|safe-buffer|buffer-equal-constant-time|lodash\.includes|semver|ms)$/, 'JWT (jsonwebtoken)'],
  [/^zod$/, 'validation (zod)'],
  [/^(prom-client|tdigest|bintrees)$/, 'metrics (prom-client)'],
  [/^(pino|pino-http|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|safe-stable-stringify)$/, 'logging (pino)'],
  [/^(uuid)$/, 'uuid'],
  [/^(debug|supports-color|has-flag)$/, 'debug (logging checks)'],
  [/^(lru-cache)$/, 'lru-cache'],
];

function nodeCategory(url: string): string {
  const name = url.replace(/^node:/, '');
  if (/^(_http_|http$|internal\/http)/.test(name)) return 'node: HTTP (parser, headers, response)';
  if (/^(net$|internal\/stream_base|internal\/net|dns|tls)/.test(name)) return 'node: sockets (net, writev)';
  if (/^(internal\/streams|stream|string_decoder|buffer|internal\/buffer)/.test(name)) return 'node: streams and buffers';
  if (/^(internal\/process\/task_queues|internal\/timers|timers|internal\/async_hooks|events|internal\/event_target|internal\/process)/.test(name))
    return 'node: timers, microtasks, events';
  if (/crypto/.test(name)) return 'node: crypto';
  if (/^internal\/perf|perf_hooks/.test(name)) return 'node: perf_hooks';
  return `node: other (${name.split('/').slice(0, 2).join('/')})`;
}

function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function packageCategory(pkg: string): string {
  return PACKAGE_CATEGORIES.find(([re]) => re.test(pkg))?.[1] ?? `other package: ${pkg}`;
}

/** Category of our own source files, by the folder the source map names. */
function sourceCategory(source: string): string {
  // The API's own files: `apps/api/src/…` or, as its map names them, `../src/…`.
  const api = /(?:^|apps\/api\/|^\.\.\/)src\/(?:([^/]+)\/)?([^/]+)\.ts$/.exec(source);
  if (api) return api[1] ? `api: ${api[1]}` : `api: ${api[2]}`;
  if (/packages\/shared\//.test(source)) return 'shared (schemas, helpers)';
  if (/node_modules/.test(source) === false && /^\.\.\/src\//.test(source)) return `api: ${source}`;
  const pkg = packageOf(source);
  return pkg ? packageCategory(pkg) : `other source: ${source}`;
}

class Classifier {
  private readonly maps = new Map<string, SourceMap | null>();

  classify(frame: CallFrame): { category: string; where: string } | undefined {
    const { url, functionName } = frame;
    if (!url) {
      if (functionName === '(garbage collector)') return { category: 'garbage collection', where: '' };
      if (functionName === '(program)') return { category: 'V8/native outside JS (program)', where: '' };
      return undefined; // a builtin or native binding: its caller's
    }
    if (url.startsWith('node:')) return { category: nodeCategory(url), where: url };
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    const map = this.mapOf(file);
    if (map) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
      if (entry.originalSource) {
        const source = entry.originalSource.replace(/^.*?\/(apps|packages|node_modules)\//, '$1/').replace(/^file:\/\/.*\/apps\/api\//, '../');
        return { category: sourceCategory(source), where: `${source}:${(entry.originalLine ?? 0) + 1}` };
      }
    }
    const pkg = packageOf(file);
    if (pkg && !map) return { category: packageCategory(pkg), where: file.slice(file.lastIndexOf('/node_modules/') + 14) };
    return { category: `other: ${file}`, where: file };
  }

  /** Source maps of our bundles only (a .js beside its .map, not an installed package); packages are classified by path. */
  private mapOf(file: string): SourceMap | null {
    if (!file.endsWith('.js') || file.includes('/node_modules/.pnpm/')) return null;
    let map = this.maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
      } catch {
        map = null;
      }
      this.maps.set(file, map);
    }
    return map;
  }
}

/** Self time by category of the samples taken within [fromUs, toUs] (V8's clock: CLOCK_MONOTONIC µs), or all. */
export function summarizeProfile(file: string, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const classifier = new Classifier();
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Each node's category and label, resolved once (url-less frames inherit from their caller).
  const resolved = new Map<number, { category: string; label: string }>();
  const resolve = (id: number): { category: string; label: string } => {
    const hit = resolved.get(id);
    if (hit) return hit;
    const node = byId.get(id)!;
    const own = classifier.classify(node.callFrame);
    const name = node.callFrame.functionName || '(anonymous)';
    let result: { category: string; label: string };
    if (own) result = { category: own.category, label: `${name} (${own.where})` };
    else {
      const up = parent.get(id);
      const inherited = up === undefined ? { category: 'V8/native outside JS (program)', label: '' } : resolve(up);
      result = { category: inherited.category, label: `${name} [native, under ${inherited.label}]` };
    }
    resolved.set(id, result);
    return result;
  };

  const categories = new Map<string, number>();
  const functions = new Map<string, { us: number; category: string }>();
  let busyUs = 0;
  let idleUs = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const span = profile.timeDeltas[i + 1] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += span;
      continue;
    }
    if (node.callFrame.functionName === '(root)') continue;
    const { category, label } = resolve(node.id);
    busyUs += span;
    categories.set(category, (categories.get(category) ?? 0) + span);
    const f = functions.get(label) ?? { us: 0, category };
    f.us += span;
    functions.set(label, f);
  }
  return { busyUs, idleUs, categories, functions };
}

/**
 * The stages of one send the issue asks about, as groups of the categories above (what cannot be
 * told apart by module, like the Redis client serving both the rate limit and the adapter, says so).
 */
export function stageOf(category: string): string {
  if (/^(node: HTTP|Express|helmet|api: http|api: observability|metrics|debug|api: app)/.test(category)) return 'HTTP: parsing, routing, middleware, response';
  if (/^(JWT|node: crypto|api: auth|lru-cache)/.test(category)) return 'auth (token, session cache)';
  if (/^(validation|shared)/.test(category)) return 'validation (zod)';
  if (/^rate limit/.test(category)) return 'rate limit (express-rate-limit and its store)';
  if (/^(Postgres client|drizzle|PGlite)/.test(category)) return 'SQL (driver, drizzle, PGlite)';
  if (/^(api: chat|api: users|uuid)/.test(category)) return 'send service and presenting (api: chat, users)';
  if (/^(Socket\.IO \(|ws |api: realtime)/.test(category)) return 'Socket.IO emits (encode, engine, ws frames)';
  if (/^Socket\.IO Redis adapter/.test(category)) return 'adapter publish/receive (msgpack)';
  if (/^Redis client/.test(category)) return 'Redis client (rate limit and adapter)';
  if (/^node: sockets/.test(category)) return 'socket writes and reads (syscalls: HTTP, Postgres, Redis, WebSocket)';
  if (/^(node: streams|node: timers)/.test(category)) return 'node streams, buffers, timers, promises';
  if (/^garbage/.test(category)) return 'garbage collection';
  return 'other';
}
