import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage, TListMessage, TToolApproval } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeConversation } from '../test/fake-conversation';
import { renderChatPage } from '../test/chat-render';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { MessageBubble } from './message-bubble';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const atlas = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000f1', username: 'atlas', firstName: 'Atlas', fullName: 'Atlas' });
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Lee', fullName: 'Maya Lee', isHuman: true });
const reply = chatMessage(2, 'The Q3 plan ships in October.', senderOf(atlas), { replyToMessageId: chatMessage(1, '', senderOf(me.agent)).id });

function renderReply(message: TListMessage = reply) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FakeConversation values={{ selfId: me.agentId }}>
        <MessageBubble message={message} firstInGroup canRegenerate={false} />
      </FakeConversation>
    </QueryClientProvider>,
  );
}

const context = {
  messages: [
    chatMessage(1, 'What is the **Q3 plan**?', senderOf(me.agent)),
    chatMessage(3, 'Budget is in the brief', senderOf(maya), { id: '0193a0c4-0000-7000-8000-000000000803' }),
  ],
  files: [{ attachmentId: '0193a0c4-0000-7000-8000-000000000601', filename: 'orbit-brief.pdf', pages: 12, kind: 'text' }],
  steps: [
    {
      id: '0193a0c4-0000-7000-8000-000000000501',
      tool: 'search_messages',
      label: "Searched messages for 'Q3 plan'",
      status: 'done',
      arguments: '{"query":"Q3 plan"}',
      result: '<img src=x onerror=alert(1)>',
      isError: false,
    },
  ],
};

describe('"What Atlas read" on an AI reply', () => {
  it('opens a dialog listing the messages (sender, time, snippet), the files and the tool steps with their results folded', async () => {
    const api = stubApi({ [`GET /chat/messages/${reply.id}/context`]: ok(context) });
    renderReply();
    const button = screen.getByRole('button', { name: 'What Atlas read' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'What Atlas read' });
    const messages = await within(dialog).findByTestId('context-messages');
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace');
    expect(items[0]).toHaveTextContent('What is the Q3 plan?');
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', context.messages[0]!.timestamp);
    expect(items[1]).toHaveTextContent('Maya Lee');
    expect(within(dialog).getByTestId('context-files')).toHaveTextContent('Atlas read orbit-brief.pdf (12 pages)');
    const step = within(within(dialog).getByTestId('context-steps')).getByTestId('tool-step');
    expect(step).toHaveTextContent("Searched messages for 'Q3 plan'");
    expect(within(step).getByLabelText('Result').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(dialog.querySelector('img')).toBeNull();
    expect(api.callsTo(`GET /chat/messages/${reply.id}/context`)).toHaveLength(1);

    // Escape closes it and gives focus back to the button.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('says when it could not load, and tries again', async () => {
    stubApi({ [`GET /chat/messages/${reply.id}/context`]: [fail(500, 'Something broke', 'INTERNAL_ERROR'), ok({ messages: [], files: [], steps: [] })] });
    renderReply();
    await userEvent.click(screen.getByRole('button', { name: 'What Atlas read' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something broke');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('This reply read nothing beyond its instructions.')).toBeInTheDocument();
  });

  it('is not offered on a person’s message', () => {
    renderReply(chatMessage(3, 'Thanks', senderOf(maya)));
    expect(screen.queryByRole('button', { name: /read$/ })).not.toBeInTheDocument();
  });
});

describe('an approval card in the chat', () => {
  it('follows its message: a `message:updated` from the server shows the decision to everyone', async () => {
    const pending: TToolApproval = {
      toolCallId: '0193a0c4-0000-7000-8000-0000000000d1',
      agentId: atlas.id,
      tool: 'crm.lookup_order',
      arguments: '{}',
      reason: 'Checking the order.',
      approvers: 'managers',
      approverIds: [maya.id],
      approversLabel: 'a room manager',
      status: 'pending',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      decidedBy: null,
      decidedAt: null,
    };
    const cardMessage: TChatMessage = chatMessage(2, 'Atlas wants to use crm.lookup_order', senderOf(atlas), { messageType: 'approval', approval: pending });
    stubApi({
      'POST /chat/open': ok({ agent: atlas, conversation: makeChat(me, atlas), page: messagePage([cardMessage]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=2&limit=200`]: ok(messagePage([], 200)),
      [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    const socket = new FakeSocket();
    renderChatPage(me, { path: '/p/@atlas', socket });
    const card = await screen.findByRole('group', { name: 'Approval request from Atlas' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Expires in 29 min');

    const denied = { ...pending, status: 'denied' as const, decidedBy: { id: maya.id, firstName: 'Maya', lastName: 'Lee' }, decidedAt: new Date().toISOString() };
    act(() => socket.serverSends('message:updated', { ...cardMessage, approval: denied }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Approval request from Atlas' })).toHaveAttribute('data-status', 'denied'));
    expect(screen.getByTestId('approval-outcome')).toHaveTextContent(/^Denied by Maya Lee at /);
  });
});
