import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstScreenNeedsMarkdown } from './markdown-loader';
import { MessageMarkdown } from './message-markdown';

// Nothing in this file loads the Markdown pipeline ahead: it starts as on a page that has not needed it yet.
describe('the Markdown pipeline, loaded on demand', () => {
  it('a message that needs it before it is in shows its text as written, then formatted', async () => {
    const { container } = render(<MessageMarkdown content={'**ship it** on Friday\nthen rest'} />);
    const text = screen.getByTestId('message-text');
    expect(text).toHaveTextContent('**ship it** on Friday then rest');
    expect(container.querySelector('strong')).toBeNull();

    // The pipeline's first load in a test run transforms react-markdown and its plugins: slow on a busy machine.
    expect(await screen.findByText('ship it', { selector: 'strong' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(text.querySelector('br')).not.toBeNull();
    expect(text).not.toHaveTextContent('**');
  }, 30_000);

  it("a chat's first load waits for it only when its newest messages need it", () => {
    const plain = Array.from({ length: 40 }, (_, i) => `plain message ${i}`);
    expect(firstScreenNeedsMarkdown(plain)).toBe(false);
    expect(firstScreenNeedsMarkdown([...plain, '**news**'])).toBe(true);
    // An older message with Markdown, past the first screen, does not hold the page back.
    expect(firstScreenNeedsMarkdown(['**old news**', ...plain])).toBe(false);
    // A deleted message has no text to format.
    expect(firstScreenNeedsMarkdown([...plain, ''])).toBe(false);
  });
});
