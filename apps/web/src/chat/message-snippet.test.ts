import { describe, expect, it } from 'vitest';
import { messageSnippet } from './message-snippet';

describe('messageSnippet', () => {
  it('drops formatting but keeps the characters that are text', () => {
    expect(messageSnippet('Use `LLM_BASE_URL` and **MAX_TOKENS**, a*b*c, 2*3*4, snake_case')).toBe('Use LLM_BASE_URL and MAX_TOKENS, a*b*c, 2*3*4, snake_case');
  });

  it('reads blocks as one line: headings, quotes, lists, code, links, images', () => {
    expect(messageSnippet('# Plan\n\n> quoted\n\n1. first\n2. second\n\n```sh\nnpm i\n```\n\n[docs](https://x.example) ![chart](https://x.example/c.png)')).toBe(
      'Plan quoted first second npm i docs chart',
    );
  });

  it('leaves raw HTML out, as the bubble does, and cuts long text at 90 characters', () => {
    expect(messageSnippet('<b>x</b> kept')).toBe('x kept');
    expect(messageSnippet('word '.repeat(40))).toBe(`${'word '.repeat(18).slice(0, 90)}…`);
    expect(messageSnippet('')).toBe('');
  });
});
