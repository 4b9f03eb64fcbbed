import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TListMessage } from '@agentroom/shared';
import { FakeConversation } from '../test/fake-conversation';
import { loadMarkdownPipeline } from './markdown-loader';
import { MessageBubble } from './message-bubble';
import { MessageMarkdown } from './message-markdown';

beforeAll(() => loadMarkdownPipeline());

const SELF = '0193a0c4-0000-7000-8000-0000000000a1';
const reply = (isAgent: boolean, content: string): TListMessage => ({
  id: '0193a0c4-0000-7000-8000-0000000000e1',
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq: 7,
  content,
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: '0193a0c4-0000-7000-8000-0000000000b2', firstName: 'Nova', lastName: 'Bot', role: isAgent ? 'agent' : 'user', avatarUrl: '', isAgent },
  attachments: [],
});

function renderBubble(message: TListMessage) {
  render(
    <FakeConversation values={{ selfId: SELF, react: vi.fn(), deleteMessage: vi.fn(async () => {}), edit: vi.fn(async () => {}), regenerate: vi.fn() }}>
      <MessageBubble message={message} firstInGroup canRegenerate={false} />
    </FakeConversation>,
  );
}

describe('copying', () => {
  it('copies a code block’s code, without the fences, and says it was copied', async () => {
    const user = userEvent.setup();
    render(<MessageMarkdown content={'Try this:\n\n```ts\nconst x = 1;\nconsole.log(x);\n```\n\nand `inline`'} />);
    const buttons = screen.getAllByRole('button', { name: 'Copy code' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    expect(await navigator.clipboard.readText()).toBe('const x = 1;\nconsole.log(x);');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('copies an AI reply’s text (its Markdown) from its actions', async () => {
    const user = userEvent.setup();
    renderBubble(reply(true, '**Plan**: ship on Friday'));
    await user.click(within(screen.getByTestId('message')).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('**Plan**: ship on Friday');
  });

  it('offers no Copy on a person’s message', () => {
    renderBubble(reply(false, 'hello'));
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});
