import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readChunkGraph } from './web-bundle';

/**
 * The bytes a phone downloads to show each route for the first time (empty cache): index.html,
 * the entry script with its modulepreloads and stylesheet, and the lazy chunks the route loads,
 * raw and compressed as the server sends them (brotli quality 11 and gzip level 9, the files the
 * web build precompresses; index.html is under the API's 1 KiB compression threshold and travels raw).
 * `codeRoundTrips` counts the sequential code downloads before the route can render: index.html,
 * the entry set, then one per lazy level. The pages are react-router `route.lazy` parts, so the
 * router requests the chunks of every matched route at once: the app shell, team layout and page of
 * a signed-in URL are one level (before that, each nested level waited for its parent to render,
 * and the shell was a level of its own). API calls between them are not counted here. A signed-in page also loads
 * the Socket.IO client (its chunk is named after the package's `esm` folder) beside the route's
 * code, so it counts in the bytes but not in the round trips.
 */
interface RouteFirstLoad {
  route: string;
  path: string;
  files: string[];
  codeRoundTrips: number;
  rawKiB: number;
  gzipKiB: number;
  brotliKiB: number;
  /** Chunk names of the route table below that the build no longer has (renamed or merged). */
  missingChunks: string[];
}

export interface WebFirstLoadResult {
  distDir: string;
  routes: RouteFirstLoad[];
  /** The same figures on main before the web performance work (commit 6870977), for the table. */
  before: Record<string, Pick<RouteFirstLoad, 'rawKiB' | 'gzipKiB' | 'brotliKiB' | 'codeRoundTrips'>>;
}

/** Each route and its lazy chunks by name, one inner list per nesting level, and what loads beside them. */
const ROUTES: { route: string; path: string; levels: string[][]; beside?: string[] }[] = [
  { route: 'login', path: '/auth/login', levels: [] },
  { route: 'register', path: '/auth/register', levels: [['register-page']] },
  { route: 'team', path: '/t/:handle', levels: [['app-shell', 'team-layout', 'team-page']], beside: ['esm'] },
  { route: 'chat', path: '/t/:handle/p/:username', levels: [['app-shell', 'team-layout', 'chat-page']], beside: ['esm'] },
];

// Measured with this file on the build of commit 6870977 (served uncompressed then).
const BEFORE: WebFirstLoadResult['before'] = {
  login: { rawKiB: 577.8, gzipKiB: 173.2, brotliKiB: 151.1, codeRoundTrips: 2 },
  register: { rawKiB: 584.2, gzipKiB: 176, brotliKiB: 153.5, codeRoundTrips: 3 },
  team: { rawKiB: 691.6, gzipKiB: 210.3, brotliKiB: 184.5, codeRoundTrips: 4 },
  chat: { rawKiB: 945.4, gzipKiB: 288.5, brotliKiB: 252.3, codeRoundTrips: 4 },
};

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const HTML_COMPRESSION_THRESHOLD = 1024;

export function measureWebFirstLoad(distDir: string): WebFirstLoadResult {
  const { assets, files, initial, lazyDeps, closure } = readChunkGraph(distDir);
  const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
  const sizeOf = (file: string, full: string) => {
    let size = sizes.get(file);
    if (!size) {
      const body = readFileSync(full);
      const small = file === 'index.html' && body.length < HTML_COMPRESSION_THRESHOLD;
      size = {
        raw: body.length,
        gzip: small ? body.length : gzipSync(body, { level: 9 }).length,
        brotli: small ? body.length : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(file, size);
    }
    return size;
  };

  const routes = ROUTES.map(({ route, path: routePath, levels, beside = [] }) => {
    const missingChunks: string[] = [];
    const set = new Set(initial);
    for (const name of [...levels.flat(), ...beside]) {
      const roots = [...lazyDeps.keys()].filter((f) => f.startsWith(`${name}-`) && files.includes(f));
      if (!roots.length) missingChunks.push(name);
      for (const file of closure([...roots, ...roots.flatMap((r) => lazyDeps.get(r) ?? [])])) set.add(file);
    }
    const list = ['index.html', ...[...set].sort()];
    const total = (key: 'raw' | 'gzip' | 'brotli') =>
      kib(list.reduce((sum, f) => sum + sizeOf(f, f === 'index.html' ? path.join(distDir, f) : path.join(assets, f))[key], 0));
    return {
      route,
      path: routePath,
      files: list,
      codeRoundTrips: 2 + levels.length,
      rawKiB: total('raw'),
      gzipKiB: total('gzip'),
      brotliKiB: total('brotli'),
      missingChunks,
    };
  });
  return { distDir, routes, before: BEFORE };
}
