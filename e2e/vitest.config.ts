import { defineConfig } from 'vitest/config';

// Journeys share one server and one browser binary on a small machine: run files one by one.
export default defineConfig({
  test: {
    include: ['src/journeys/**/*.e2e.ts'],
    globalSetup: ['./src/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A journey that fails once is a bug to fix, not to retry.
    retry: 0,
  },
});
