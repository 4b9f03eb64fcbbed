/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = 'http://localhost:3000';

/**
 * react-router's package exports name only its development build, whose dev warnings (and their
 * texts) stay in the bundle; its production build, the same code with them off, sits beside it.
 * Builds use that one; dev and tests keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every emitted text file of at
 * least 1 KiB, once per build: the API (apps/api/src/http/web-app.ts) and nginx (gzip_static) send
 * them as they are, so no request pays for compressing a script. Source maps and index.html are left
 * alone (maps are for developer tools; index.html is under 1 KiB and never cached).
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'agentroom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Installable app (decision 0027): the manifest, and the service worker `src/sw.ts`, built with the
 * list of files to keep offline written into it. That list is the app shell only (index.html, the
 * scripts and styles, the favicon): never avatars, uploads or the API, whose answers are one
 * person's and must not outlive a sign-out.
 *
 * Updates follow the browser's own lifecycle ('prompt' without a prompt): a new version installs
 * in the background and takes over once every Agentroom window has closed. 'autoUpdate' would
 * reload open pages when a deploy lands, and drafts live in memory only (chat/drafts.ts): a reload
 * under someone's typing loses what they wrote. Until then the old worker serves the old shell and
 * its own scripts, which stay consistent with each other.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  // Registered in main.tsx through virtual:pwa-register, after the first render's imports.
  injectRegister: null,
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/badge-96.png'],
    // Source maps are for developer tools, not for offline use.
    sourcemap: false,
  },
  manifest: {
    id: '/',
    name: 'Agentroom',
    short_name: 'Agentroom',
    description: 'A team workspace where people and AI agents chat.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  devOptions: { enabled: false },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress(), pwa],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    // In dev the API runs beside Vite; the browser talks to one origin, as in production.
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // Scripts load from files only: the server's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      // A signed-in page's route chunks shared dozens of tiny common chunks (an icon, a hook, a
      // query key), one request each: on a phone's round trips that queue cost more than the bytes.
      // Common chunks under 12 KiB of source are copied into the chunks that use them instead
      // (the team page: 51 requests → 31, +2 % bytes). The entry exports nothing, so its
      // signature need not be kept.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one file: it is all needed before anything
          // renders, and as nine files (react, the router, tailwind-merge, …) it took six of a phone's
          // six connections and the largest came last (the chat on a phone: entry in 1.75 s, was 1.9).
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
        },
      },
      // @agentroom/shared is pure (constants, messages, zod schemas). Saying so lets the sign-in
      // chunk take its constants without the schemas, which pull in all of zod.
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]shared[\\/]/.test(id) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Typing whole forms with user-event takes seconds on a busy 2-core runner; correctness, not speed, is tested here.
    testTimeout: 20_000,
  },
}));
