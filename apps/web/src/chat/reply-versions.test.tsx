import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TListMessage } from '@agentroom/shared';
import { FakeConversation } from '../test/fake-conversation';
import { MessageBubble } from './message-bubble';

const SELF = '0193a0c4-0000-7000-8000-0000000000a1';
const NOVA = { id: '0193a0c4-0000-7000-8000-0000000000b9', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: '', isAgent: true } as const;
const reply = (overrides: Partial<TListMessage> = {}): TListMessage => ({
  id: '0193a0c4-0000-7000-8000-0000000000e1',
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq: 7,
  content: 'Third answer',
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: 'ai-reply:0193a0c4-0000-7000-8000-0000000000f1',
  sender: NOVA,
  attachments: [],
  ...overrides,
});

function renderBubbles(messages: TListMessage[], canRegenerate = false) {
  const regenerate = vi.fn();
  const view = render(
    <FakeConversation values={{ selfId: SELF, regenerate }}>
      {messages.map((m) => (
        <MessageBubble key={m.id} message={m} firstInGroup canRegenerate={canRegenerate} />
      ))}
    </FakeConversation>,
  );
  return { regenerate, ...view };
}

describe('a regenerated AI reply', () => {
  it('shows its newest version as "3 / 3" and pages back and forth between versions', async () => {
    renderBubbles([reply({ earlierVersions: ['First answer', 'Second answer'] })], true);
    const pager = screen.getByTestId('reply-versions');
    expect(pager).toHaveTextContent('3 / 3');
    expect(screen.getByText('Third answer')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next version' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Previous version' }));
    expect(pager).toHaveTextContent('2 / 3');
    expect(screen.getByText('Second answer')).toBeInTheDocument();
    expect(screen.queryByText('Third answer')).not.toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous version' }));
    expect(pager).toHaveTextContent('1 / 3');
    expect(within(pager).getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next version' }));
    expect(screen.getByText('Second answer')).toBeInTheDocument();
  });

  it('a new version shows itself, even to a reader paged back', async () => {
    const { rerender } = renderBubbles([reply({ content: 'Second answer', earlierVersions: ['First answer'] })]);
    await userEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(screen.getByText('First answer')).toBeInTheDocument();
    rerender(
      <FakeConversation values={{ selfId: SELF }}>
        <MessageBubble message={reply({ earlierVersions: ['First answer', 'Second answer'] })} firstInGroup canRegenerate={false} />
      </FakeConversation>,
    );
    expect(screen.getByTestId('reply-versions')).toHaveTextContent('3 / 3');
    expect(screen.getByText('Third answer')).toBeInTheDocument();
  });

  it('a reply never regenerated has no pager', () => {
    renderBubbles([reply()], true);
    expect(screen.queryByTestId('reply-versions')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
  });
});

describe('failure notices', () => {
  it('each retryable notice has its own "Try again", which retries that notice; one that cannot help has none', async () => {
    const notice = (id: string, content: string, retryable: boolean) =>
      reply({ id, content, messageType: 'notice', notice: { code: retryable ? 'provider_error' : 'budget_exhausted', retryable } });
    const { regenerate } = renderBubbles([
      notice('0193a0c4-0000-7000-8000-0000000000e2', 'The model provider returned an error. Try again.', true),
      notice('0193a0c4-0000-7000-8000-0000000000e3', 'The model took too long to answer. Try again.', true),
      notice('0193a0c4-0000-7000-8000-0000000000e4', "This team has used today's AI token budget.", false),
    ]);
    const buttons = screen.getAllByRole('button', { name: 'Try again' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[0]!);
    expect(regenerate).toHaveBeenLastCalledWith('0193a0c4-0000-7000-8000-0000000000e2');
    await userEvent.click(buttons[1]!);
    expect(regenerate).toHaveBeenLastCalledWith('0193a0c4-0000-7000-8000-0000000000e3');
  });
});
