import { useEffect, useSyncExternalStore } from 'react';
import { SNIPPET_LENGTH } from './snippet-length';

/*
 * The sidebar shows every conversation's last message as one line of plain text. The exact line comes
 * from parsing the Markdown (message-snippet.ts, with micromark: ≈ 23 KiB gzipped and a parse per row),
 * which no page needs for its first paint. So the parser loads once the page is idle, the rows show a
 * quick reading of the Markdown until then, and re-render with the exact one when it is in. For
 * ordinary messages the two agree (lazy-snippet.test.ts), so nothing visibly changes.
 */

type Snippet = (content: string) => string;

let exact: Snippet | undefined;
let loading: Promise<Snippet> | undefined;
const listeners = new Set<() => void>();

/** Loads the exact snippet (once) and re-renders every row that showed the quick one. */
export function loadMessageSnippet(): Promise<Snippet> {
  loading ??= import('./message-snippet').then(({ messageSnippet }) => {
    exact = messageSnippet;
    for (const listener of listeners) listener();
    return messageSnippet;
  });
  return loading;
}

const INLINE_RULES: [RegExp, string][] = [
  [/<[^>]+>/g, ''], // raw HTML is never shown
  [/!?\[([^\]]*)\]\([^)]*\)/g, '$1'], // links and images: their text
  [/`+([^`]*)`+/g, '$1'], // code spans
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'], // strong
  [/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3'], // emphasis, not 2*3*4 or snake_case
  [/~~(.+?)~~/g, '$1'],
];

/** A quick reading of the Markdown for the first paint: block markers and inline syntax dropped. */
export function quickSnippet(content: string): string {
  const lines = content
    .split('\n')
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) => line.replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)+/, '').replace(/\|/g, ' '));
  let text = lines.join(' ');
  for (const [pattern, replacement] of INLINE_RULES) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Starts the exact snippet once the browser is idle (a timer where requestIdleCallback is missing). */
function loadWhenIdle(): () => void {
  if (exact) return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => void loadMessageSnippet(), { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(() => void loadMessageSnippet(), 200);
  return () => clearTimeout(timer);
}

/** The snippet function to render with: the quick one until the exact one has loaded. */
export function useMessageSnippet(): Snippet {
  const loaded = useSyncExternalStore(subscribe, () => exact);
  useEffect(loadWhenIdle, []);
  return loaded ?? quickSnippet;
}
