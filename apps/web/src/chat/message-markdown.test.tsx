import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import Markdown from 'react-markdown';
import { isPlainParagraph, loadMarkdownPipeline } from './markdown-loader';
import { safeUrl } from './markdown-pipeline';
import { MessageMarkdown } from './message-markdown';

// As on a chat's first load when its messages need it (chat-open.ts): the pipeline is in before they draw.
beforeAll(() => loadMarkdownPipeline());

const renderMarkdown = (content: string) => render(<MessageMarkdown content={content} />).container;

describe('MessageMarkdown', () => {
  it('draws a plain one-line message as the paragraph Markdown would make, and anything with syntax through Markdown', () => {
    const plain = ['Morning, did you see the launch checklist? (1)', 'Sounds good. I will take the screenshots after lunch!', 'ok', 'Déjà vu: 3 items, 50% done.'];
    for (const text of plain) {
      expect(isPlainParagraph(text)).toBe(true);
      const expected = render(<Markdown>{text}</Markdown>).container.innerHTML;
      expect(renderMarkdown(text).querySelector('[data-testid="message-text"] > div')!.innerHTML).toBe(expected);
    }
    const marked = ['**b**', 'a_b_c', '`x`', '[a](b)', '<b>x</b>', 'a &amp; b', '1. one', '- item', '> quote', '# title', 'x\ny', ' padded', 'see www.example.com', 'https://x.y', 'hi @maya', 'a | b', '~~x~~', 'a\\b', '=== ', ''];
    for (const text of marked) expect(isPlainParagraph(text)).toBe(false);
  });


  it('renders GitHub-flavoured Markdown: emphasis, lists, tables, code blocks', () => {
    const box = renderMarkdown('**bold** and _it_\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```');
    expect(box.querySelector('strong')).toHaveTextContent('bold');
    expect(box.querySelectorAll('li')).toHaveLength(2);
    expect(box.querySelector('table td')).toHaveTextContent('1');
    expect(box.querySelector('pre code')).toHaveTextContent('const x = 1;');
  });

  it('renders the rest of GFM too: strikethrough, bare URLs as links, task lists', () => {
    const box = renderMarkdown('~~gone~~ see https://example.com/x\n\n- [x] done\n- [ ] todo');
    expect(box.querySelector('del')).toHaveTextContent('gone');
    expect(box.querySelector('a')).toHaveAttribute('href', 'https://example.com/x');
    const boxes = [...box.querySelectorAll('input[type="checkbox"]')];
    expect(boxes.map((input) => (input as HTMLInputElement).checked)).toEqual([true, false]);
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

  it('keeps a Shift+Enter line break as a line break', () => {
    const paragraph = renderMarkdown('line one\nline two').querySelector('p')!;
    expect(paragraph.querySelector('br')).not.toBeNull();
    expect(paragraph.innerHTML).toMatch(/line one<br>\s*line two/);
  });

  it('leaves asterisks inside words and numbers alone, but still emphasises between spaces', () => {
    const math = renderMarkdown('2*3*4 and a*b*c and 2**3**4');
    expect(math.querySelector('em, strong')).toBeNull();
    expect(math).toHaveTextContent('2*3*4 and a*b*c and 2**3**4');
    const prose = renderMarkdown('an *italic* and a **bold** word, *edge*. 这是**重要**的');
    expect(prose.querySelector('em')).toHaveTextContent('italic');
    expect([...prose.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['bold', '重要']);
    expect(prose.querySelectorAll('em')).toHaveLength(2);
  });

  it('lets a long word or URL wrap inside the bubble and code blocks scroll inside themselves', () => {
    const box = renderMarkdown(`${'x'.repeat(300)} https://example.com/${'a'.repeat(300)}\n\n\`\`\`\n${'y'.repeat(300)}\n\`\`\``);
    const text = box.querySelector('[data-testid="message-text"]')!;
    // jsdom has no layout: the classes are what the browser lays out with (overflow-wrap: anywhere, a
    // minmax(0, 1fr) column that gives the text no minimum width).
    expect(text).toHaveClass('grid', 'grid-cols-[minmax(0,1fr)]');
    expect(text.firstElementChild).toHaveClass('wrap-anywhere', 'min-w-0');
    expect(box.querySelector('pre')).toHaveClass('overflow-x-auto', 'max-w-full');
  });
});
