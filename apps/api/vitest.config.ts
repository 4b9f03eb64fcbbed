import { configDefaults, defineConfig } from 'vitest/config';

/** Files that `vi.mock` an app module: the mock reaches the server only through a module graph of the file's own. */
const ISOLATED = 'test/**/*.isolated.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/console-guard.ts'],
    testTimeout: 30_000,
    // expect.poll waits for what arrives by socket or queue. Its default second is a flake on a
    // loaded two-core runner (a group-commit delivery test failed on it once); a wrong answer still
    // fails, only later.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A `.only` left in a file fails the run in CI instead of quietly running one test (vitest's
    // default too; said here so nobody turns it off by accident).
    allowOnly: !process.env.CI,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ISOLATED],
          // Test files share their worker process (each still starts its own server on its own database):
          // importing the app and compiling PGlite's WASM once per worker, not once per file, was most of
          // the suite's CPU. Nothing in src keeps state per process that a test could leak to the next
          // file. A `vi.mock` in such a file may never take effect: the module it mocks was loaded by an
          // earlier file. Those files go to the project below.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: [ISOLATED], isolate: true } },
    ],
  },
});
