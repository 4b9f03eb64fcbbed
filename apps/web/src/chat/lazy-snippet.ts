import { useEffect } from 'react';
import { lazyModule } from '../lib/lazy-module';
import { SNIPPET_LENGTH } from './snippet-length';

/*
 * The sidebar shows every conversation's last message as one line of plain text. The exact line comes
 * from parsing the Markdown (message-snippet.ts, with micromark: ≈ 23 KiB gzipped and a parse per row),
 * which no page needs for its first paint. So the parser loads once the page is idle, the rows show a
 * quick reading of the Markdown until then, and re-render with the exact one when it is in. For
 * ordinary messages the two agree (lazy-snippet.test.ts), so nothing visibly changes.
 */

const exactSnippet = lazyModule(() => import('./message-snippet'));

/** Loads the exact snippet (once) and re-renders every row that showed the quick one. */
export const loadMessageSnippet = async () => (await exactSnippet.load()).messageSnippet;

/** The same parser at any length (the screen-reader announcement of a new message). */
export const loadPlainText = async () => (await exactSnippet.load()).markdownToPlainText;

const INLINE_RULES: [RegExp, string][] = [
  [/<[^>]+>/g, ''], // raw HTML is never shown
  [/!?\[([^\]]*)\]\([^)]*\)/g, '$1'], // links and images: their text
  [/`+([^`]*)`+/g, '$1'], // code spans
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'], // strong
  [/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3'], // emphasis, not 2*3*4 or snake_case
  [/~~(.+?)~~/g, '$1'],
];

/** A quick reading of the Markdown for the first paint: block markers and inline syntax dropped. */
export function quickSnippet(content: string, maxLength = SNIPPET_LENGTH): string {
  const lines = content
    .split('\n')
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) => line.replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)+/, '').replace(/\|/g, ' '));
  let text = lines.join(' ');
  for (const [pattern, replacement] of INLINE_RULES) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

/** The snippet function to render with: the quick one until the exact one has loaded (when the browser is idle). */
export function useMessageSnippet(): (content: string) => string {
  const loaded = exactSnippet.useLoaded();
  useEffect(() => exactSnippet.loadWhenIdle(), []);
  return loaded?.messageSnippet ?? quickSnippet;
}
