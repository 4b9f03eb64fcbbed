import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface RouteWeight {
  route: string;
  files: string[];
  jsGzipKiB: number;
  cssGzipKiB: number;
}

export interface WebBundleResult {
  distDir: string;
  /** What the sign-in page downloads before it can render (index.html's scripts, preloads and styles). */
  signIn: RouteWeight;
  /** What each signed-in route lazy-loads on top of the sign-in set. */
  lazy: RouteWeight[];
  allJsGzipKiB: number;
  source: 'vite-manifest' | 'import-graph';
}

const LAZY_ROUTES: { route: string; chunks: string[] }[] = [
  { route: 'chat (/p/:username)', chunks: ['chat-page'] },
  { route: 'team (/t/:handle)', chunks: ['team-layout', 'team-page'] },
];

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export interface ChunkGraph {
  assets: string;
  /** Every .js and .css file in assets/. */
  files: string[];
  /** What index.html loads before the app can render: its module script, modulepreloads and stylesheets, and their static imports. */
  initial: Set<string>;
  /** Each lazily imported chunk and the files Vite preloads with it. */
  lazyDeps: Map<string, string[]>;
  /** The files `roots` load through static imports (roots included). */
  closure: (roots: string[]) => Set<string>;
}

/**
 * Reads the production build. Without a Vite manifest (build.manifest is off in apps/web), the
 * module graph is read from the chunks themselves: static `import … from "./x.js"` edges, and the
 * `import("./x.js"), __vite__mapDeps([...])` pairs Vite emits for lazy routes (which also name their CSS).
 */
export function readChunkGraph(distDir: string): ChunkGraph {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const assets = path.join(distDir, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const read = (file: string) => readFileSync(path.join(assets, file), 'utf8');

  const staticImports = (file: string) =>
    [...read(file).matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !existsSync(path.join(assets, file))) return;
      seen.add(file);
      if (file.endsWith('.js')) staticImports(file).forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };

  const fromHtml = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => path.basename(m[1]!));
  const initial = closure([
    ...fromHtml(/<script[^>]+src="([^"]+\.js)"/g),
    ...fromHtml(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ...fromHtml(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g),
  ]);

  // Lazy imports and the dependency lists Vite preloads with them, read from every chunk.
  const lazyDeps = new Map<string, string[]>();
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const text = read(file);
    const table = /m\.f\|\|\(m\.f=\[([^\]]*)\]\)/.exec(text)?.[1]?.match(/["'`]([^"'`]+)["'`]/g)?.map((s) => path.basename(s.slice(1, -1))) ?? [];
    for (const m of text.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g)) {
      const deps = (m[2] ?? '').split(',').filter(Boolean).map((i) => table[Number(i)]!).filter(Boolean);
      lazyDeps.set(m[1]!, [...new Set([...(lazyDeps.get(m[1]!) ?? []), ...deps])]);
    }
  }
  return { assets, files, initial, lazyDeps, closure };
}

export function measureWebBundle(distDir: string): WebBundleResult {
  const { assets, files, initial, lazyDeps, closure } = readChunkGraph(distDir);
  const gz = new Map(files.map((f) => [f, gzipSync(readFileSync(path.join(assets, f))).length]));

  const weigh = (route: string, set: Iterable<string>): RouteWeight => {
    const list = [...set].sort();
    const sum = (ext: string) => kib(list.filter((f) => f.endsWith(ext)).reduce((a, f) => a + (gz.get(f) ?? 0), 0));
    return { route, files: list, jsGzipKiB: sum('.js'), cssGzipKiB: sum('.css') };
  };

  const lazy = LAZY_ROUTES.map(({ route, chunks }) => {
    const roots = [...lazyDeps.keys()].filter((f) => chunks.some((c) => f.startsWith(`${c}-`)));
    const extra = closure([...roots, ...roots.flatMap((r) => lazyDeps.get(r) ?? [])]);
    return weigh(route, [...extra].filter((f) => !initial.has(f)));
  });

  return {
    distDir,
    signIn: weigh('sign-in (/auth/login)', initial),
    lazy,
    allJsGzipKiB: kib(files.filter((f) => f.endsWith('.js')).reduce((a, f) => a + (gz.get(f) ?? 0), 0)),
    source: existsSync(path.join(distDir, '.vite', 'manifest.json')) ? 'vite-manifest' : 'import-graph',
  };
}
