import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/console-guard.ts'],
    testTimeout: 30_000,
    // expect.poll waits for what arrives by socket or queue. Its default second is a flake on a
    // loaded two-core runner (a group-commit delivery test failed on it once); a wrong answer still
    // fails, only later.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker process (each still starts its own server on its own database):
    // importing the app and compiling PGlite's WASM once per worker, not once per file, was most of
    // the suite's CPU. Nothing in src keeps state per process that a test could leak to the next file.
    isolate: false,
    maxWorkers: 2,
  },
});
