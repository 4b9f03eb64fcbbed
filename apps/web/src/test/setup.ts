import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetOutboxMemory } from '../chat/outbox';

// findBy*/waitFor wait for what the user would see; a loaded machine may need more than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver; Radix measures with it (e.g. the Switch's hidden input).
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom has no layout and no Element#scrollTo: a list asked to scroll takes the offset at once.
Element.prototype.scrollTo ??= function scrollTo(this: Element, options?: ScrollToOptions | number) {
  if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
};

// A console.error or console.warn during a test (React warnings, act() problems, failed prop types) fails it.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleErrors.push([`console.${level}:`, ...args]);
    });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetOutboxMemory();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0)
    throw new Error(`the console was written to:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
});
