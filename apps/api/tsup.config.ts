import { defineConfig } from 'tsup';

// One ESM bundle with the workspace's shared package inlined; npm dependencies stay external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  noExternal: ['@agentroom/shared'],
});
