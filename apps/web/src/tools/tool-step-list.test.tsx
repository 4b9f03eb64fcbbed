import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TListMessage, TToolStep } from '@agentroom/shared';
import { MessageBubble } from '../chat/message-bubble';
import { FakeConversation } from '../test/fake-conversation';

const ADA = '0193a0c4-0000-7000-8000-0000000000a1';
const ATLAS = '0193a0c4-0000-7000-8000-0000000000f1';

const step = (n: number, overrides: Partial<TToolStep> = {}): TToolStep => ({
  id: `0193a0c4-0000-7000-8000-00000000050${n}`,
  tool: 'search_messages',
  label: "Searched messages for 'Q3 plan'",
  status: 'done',
  arguments: '{"query":"Q3 plan"}',
  result: '3 messages found',
  isError: false,
  ...overrides,
});

const reply = (overrides: Partial<TListMessage> = {}): TListMessage => ({
  id: '0193a0c4-0000-7000-8000-0000000000e2',
  conversationId: '0193a0c4-0000-7000-8000-0000000000c1',
  seq: 9,
  content: 'The Q3 plan ships in October.',
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: ATLAS, firstName: 'Atlas', lastName: '', role: 'agent', avatarUrl: '', isAgent: true },
  attachments: [],
  ...overrides,
});

function renderReply(message: TListMessage) {
  render(
    <FakeConversation values={{ selfId: ADA }}>
      <MessageBubble message={message} firstInGroup canRegenerate={false} />
    </FakeConversation>,
  );
}

const steps = () => within(screen.getByRole('list', { name: 'Tool steps' }));

describe('tool steps on an AI reply', () => {
  it('lists each step above the text, its arguments and result folded in a <details> as plain text', async () => {
    renderReply(reply({ toolSteps: [step(1), step(2, { tool: 'crm.lookup_order', label: 'Called crm.lookup_order', arguments: '{"orderId":"A-1"}', result: 'shipped' })] }));
    const lines = steps().getAllByTestId('tool-step');
    expect(lines.map((line) => line.querySelector('summary')?.textContent)).toEqual(["Searched messages for 'Q3 plan'", 'Called crm.lookup_order']);
    // Above the reply's words.
    const text = screen.getByText('The Q3 plan ships in October.');
    expect(lines[0]!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const details = lines[0]!.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(within(lines[0]!).getByText("Searched messages for 'Q3 plan'"));
    expect(details.open).toBe(true);
    expect(within(lines[0]!).getByLabelText('Arguments').textContent).toBe('{\n  "query": "Q3 plan"\n}');
    expect(within(lines[0]!).getByLabelText('Result').textContent).toBe('3 messages found');
  });

  it('shows a result that looks like HTML as literal text: no element is made of it', () => {
    const html = '<img src=x onerror=alert(1)>';
    renderReply(reply({ toolSteps: [step(1, { result: html, arguments: '<script>alert(2)</script>' })] }));
    const line = steps().getByTestId('tool-step');
    expect(within(line).getByLabelText('Result').textContent).toBe(html);
    expect(within(line).getByLabelText('Arguments').textContent).toBe('<script>alert(2)</script>');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows a failed step in words ("Failed: …"), and a step waiting or running with its state', () => {
    renderReply(
      reply({
        toolSteps: [
          step(1, { status: 'error', isError: true, label: 'Called crm.lookup_order', result: 'The MCP server did not answer in time' }),
          step(2, { status: 'pending_approval', label: 'Called crm.refund', result: undefined }),
          step(3, { status: 'running', label: 'Called crm.notes', result: undefined }),
        ],
      }),
    );
    const [failed, waiting, running] = steps().getAllByTestId('tool-step');
    expect(within(failed!).getByTestId('tool-step-error')).toHaveTextContent('Failed: The MCP server did not answer in time');
    expect(waiting).toHaveAttribute('data-status', 'pending_approval');
    expect(waiting).toHaveTextContent('Called crm.refund · Waiting for approval');
    expect(running).toHaveTextContent('Called crm.notes · Running');
    expect(running!.querySelector('.animate-spin')).not.toBeNull();
  });

  it('says which files it read (pages, images, notices) and, under the reply, that it stopped at the step limit', () => {
    renderReply(
      reply({
        toolSteps: [step(1)],
        filesRead: [
          { attachmentId: '0193a0c4-0000-7000-8000-000000000601', filename: 'orbit-brief.pdf', pages: 12, kind: 'text' },
          { attachmentId: '0193a0c4-0000-7000-8000-000000000602', filename: 'photo.png', kind: 'image' },
          { attachmentId: '0193a0c4-0000-7000-8000-000000000603', filename: 'scan.pdf', kind: 'text', notice: 'scan.pdf has no text Atlas could read.' },
        ],
        stepLimit: 8,
      }),
    );
    expect(steps().getAllByTestId('file-read').map((line) => line.textContent)).toEqual([
      'Atlas read orbit-brief.pdf (12 pages)',
      'Atlas looked at photo.png',
      'scan.pdf has no text Atlas could read.',
    ]);
    expect(screen.getByTestId('step-limit')).toHaveTextContent('Atlas stopped after 8 tool steps (the limit).');
  });

  it('a reply without tools shows no step list', () => {
    renderReply(reply());
    expect(screen.queryByRole('list', { name: 'Tool steps' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('step-limit')).not.toBeInTheDocument();
  });
});
