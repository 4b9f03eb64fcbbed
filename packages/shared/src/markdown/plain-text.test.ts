import { describe, expect, it } from 'vitest';
import { markdownToPlainText, parsedPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it('gives what the parsed Markdown gives, for messages that skip the parser and for those that need it', () => {
    const samples = [
      'Sounds good. I will take the screenshots after lunch.',
      'First paragraph.\n\nSecond one, after a blank line.\nAnd a soft break.',
      '    indented four spaces, a code block when parsed',
      '\tA tab first, then text',
      'See www.example.com or https://example.com/a?b=c, mail me at ada@example.com',
      'Non\u00a0breaking spaces and   runs of spaces  ',
      'LLM_BASE_URL and snake_case stay',
      '2*3*4 is arithmetic',
      '**bold**, _em_, ~~gone~~, `code` and [a link](https://x.y)',
      '- a list\n- of two',
      '1. numbered\n2) also numbered',
      'Title\n===',
      'above\n\n---\n\nbelow',
      '> a quote',
      '# a heading',
      'a | table | row\n--- | --- | ---\n1 | 2 | 3',
      '<b>raw</b> html &amp; an entity',
      'an escaped \\*star\\*',
      '',
    ];
    for (const sample of samples) expect(markdownToPlainText(sample, Number.POSITIVE_INFINITY), JSON.stringify(sample)).toBe(parsedPlainText(sample));
  });

  it('cuts a long text with an ellipsis', () => {
    expect(markdownToPlainText('one two three four', 7)).toBe('one two…');
    expect(markdownToPlainText('**one** two three', 7)).toBe('one two…');
  });
});
