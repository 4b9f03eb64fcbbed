import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TListMessage } from '@agentroom/shared';
import { FakeConversation } from '../test/fake-conversation';
import { MessageBubble } from './message-bubble';

const SELF = '0193a0c4-0000-7000-8000-0000000000a1';
const MAYA = '0193a0c4-0000-7000-8000-0000000000b2';
const message = (overrides: Partial<TListMessage> = {}): TListMessage => ({
  id: '0193a0c4-0000-7000-8000-0000000000e1',
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq: 7,
  content: 'Shipped it',
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: SELF, firstName: 'Ada', lastName: 'Lovelace', role: 'user', avatarUrl: '', isAgent: false },
  attachments: [],
  ...overrides,
});

/** One bubble, first in its group, in a 1:1 chat read by Ada (SELF). */
function renderBubble(of: TListMessage = message()) {
  const actions = { react: vi.fn(), deleteMessage: vi.fn(async () => {}), edit: vi.fn(async () => {}), regenerate: vi.fn() };
  render(
    <FakeConversation values={{ selfId: SELF, ...actions }}>
      <MessageBubble message={of} firstInGroup canRegenerate={false} />
    </FakeConversation>,
  );
  return actions;
}

describe('reactions on a bubble', () => {
  it('shows one chip per emoji with its count and who reacted; a chip toggles the reader’s own reaction', async () => {
    const { react } = renderBubble(
      message({
        reactions: [
          { emoji: '👍', count: 2, agents: [{ id: MAYA, firstName: 'Maya', lastName: 'Chen' }, { id: SELF, firstName: 'Ada', lastName: 'Lovelace' }] },
          { emoji: '🎉', count: 1, agents: [{ id: MAYA, firstName: 'Maya', lastName: 'Chen' }] },
        ],
      }),
    );
    const chips = within(screen.getByRole('list', { name: 'Reactions' })).getAllByRole('button');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')])).toEqual([
      ['👍2', 'true'],
      ['🎉1', 'false'],
    ]);
    expect(chips[0]).toHaveAccessibleName('Maya Chen and Ada Lovelace reacted with 👍 (2)');
    await userEvent.click(chips[0]!);
    expect(react).toHaveBeenLastCalledWith(message().id, '👍', false);
    await userEvent.click(chips[1]!);
    expect(react).toHaveBeenLastCalledWith(message().id, '🎉', true);
  });

  it('adds a reaction from the palette', async () => {
    // Someone else's message (Maya's): the bubble is not the reader's own.
    const { react } = renderBubble(message({ sender: { id: MAYA, firstName: 'Maya', lastName: 'Chen', role: 'user', avatarUrl: '', isAgent: false } }));
    await userEvent.click(screen.getByRole('button', { name: 'Add reaction' }));
    await userEvent.click(await screen.findByRole('button', { name: 'React with ❤️' }));
    expect(react).toHaveBeenCalledWith(message().id, '❤️', true);
    // Someone else's message: no edit, no delete.
    expect(screen.queryByRole('button', { name: 'Delete message' })).not.toBeInTheDocument();
  });
});

describe('deleting a message', () => {
  it('asks first, then deletes; cancelling keeps it', async () => {
    const { deleteMessage } = renderBubble();
    await userEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(dialog).toHaveTextContent('Everyone in the conversation will see “This message was deleted” instead');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteMessage).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(deleteMessage).toHaveBeenCalledWith(message().id);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a deleted message as "This message was deleted", with no actions and no reactions', () => {
    renderBubble(message({ content: '', deleted: true }));
    expect(screen.getByTestId('message')).toHaveTextContent('This message was deleted');
    expect(screen.queryByText('Shipped it')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
