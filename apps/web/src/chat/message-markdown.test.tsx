import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageMarkdown, safeUrl } from './message-markdown';

const renderMarkdown = (content: string) => render(<MessageMarkdown content={content} />).container;

describe('MessageMarkdown', () => {
  it('renders GitHub-flavoured Markdown: emphasis, lists, tables, code blocks', () => {
    const box = renderMarkdown('**bold** and _it_\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```');
    expect(box.querySelector('strong')).toHaveTextContent('bold');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector('table td')).toHaveTextContent('1');
    expect(box.querySelector('pre code')).toHaveTextContent('const x = 1;');
  });

  it('opens links in a new tab without access to this one', () => {
    const link = renderMarkdown('see [docs](https://example.com/docs)').querySelector('a')!;
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('strips javascript:, data: and vbscript: links', () => {
    const box = renderMarkdown('[click](javascript:alert(1)) [x](JaVaScRiPt:alert(2)) [d](data:text/html,<b>x</b>) [v](vbscript:msgbox)');
    expect(box.querySelectorAll('a')).toHaveLength(0);
    expect(box.innerHTML).not.toMatch(/javascript|vbscript|data:/i);
    expect(box).toHaveTextContent('click x d v');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('https://ok.example')).toBe('https://ok.example');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('never renders raw HTML', () => {
    const box = renderMarkdown('<img src=x onerror="alert(1)"> <b>bold?</b>\n\n<script>alert(2)</script>\n\n<iframe src="https://evil.example"></iframe>');
    expect(box.querySelector('img, b, script, iframe')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onerror|<script|<iframe/i);
  });

  it('shows Markdown images as links, so a message cannot make the reader load anything', () => {
    const box = renderMarkdown('![cat](https://tracker.example/pixel.png)');
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('a')).toHaveAttribute('href', 'https://tracker.example/pixel.png');
  });
});
