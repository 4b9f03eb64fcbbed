import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * A passing run prints no warnings: a console.warn or console.error (or a Node process warning)
 * while a test runs fails that test; one from a hook outside any test fails the file. The message
 * is still printed, so the failure shows what was said.
 */

/** Messages a test provokes on purpose. Keep it empty if at all possible. */
const ALLOWED: RegExp[] = [];

// Installed once per process: test files may share one (isolate: false) and this file runs for each.
const installed = Symbol.for('agentroom.console-guard');
type Guarded = typeof globalThis & { [installed]?: string[] };
const guarded = globalThis as Guarded;
const seen = (guarded[installed] ??= install());

function install(): string[] {
  const said: string[] = [];
  const record = (what: string) => {
    if (!ALLOWED.some((pattern) => pattern.test(what))) said.push(what);
  };
  for (const level of ['warn', 'error'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      original(...args);
      record(`console.${level}: ${format(...args)}`);
    };
  }
  process.on('warning', (warning) => record(`process warning: ${warning.name}: ${warning.message}`));
  return said;
}

function failOnWarnings() {
  const said = seen.splice(0);
  if (said.length > 0) throw new Error(`Unexpected warning output (fix the cause, or allow it in console-guard.ts):\n${said.join('\n')}`);
}

afterEach(failOnWarnings);
afterAll(failOnWarnings);
