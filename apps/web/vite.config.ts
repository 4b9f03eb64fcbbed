/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
});
