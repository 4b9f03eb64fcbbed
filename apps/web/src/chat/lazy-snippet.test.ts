import { describe, expect, it } from 'vitest';
import { loadMessageSnippet, quickSnippet } from './lazy-snippet';
import { messageSnippet } from './message-snippet';

// The sidebar paints the quick snippet first and swaps in the exact one: for ordinary messages they must agree.
const ORDINARY = [
  'Set LLM_BASE_URL in .env, then 2*3*4',
  'Use `LLM_BASE_URL` and **MAX_TOKENS**, a*b*c, 2*3*4, snake_case',
  'Thanks, that helps',
  '# Plan\n\n> quoted\n\n1. first\n2. second\n\n```sh\nnpm i\n```\n\n[docs](https://x.example) ![chart](https://x.example/c.png)',
  '- one\n- two *three* _four_ ~~five~~',
  '<b>x</b> kept',
  'word '.repeat(40),
  '',
  'Are you there?',
];

describe('quickSnippet', () => {
  it.each(ORDINARY)('reads %j as the parsed Markdown does', (content) => {
    expect(quickSnippet(content)).toBe(messageSnippet(content));
  });

  it('loads the exact snippet once, for every caller', async () => {
    const [first, second] = await Promise.all([loadMessageSnippet(), loadMessageSnippet()]);
    expect(first).toBe(second);
    expect(first('**bold** and `code`')).toBe('bold and code');
  });
});
