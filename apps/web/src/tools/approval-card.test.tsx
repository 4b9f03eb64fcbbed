import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TListMessage, TToolApproval } from '@agentroom/shared';
import { MessageBubble } from '../chat/message-bubble';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeConversation } from '../test/fake-conversation';

const ADA = '0193a0c4-0000-7000-8000-0000000000a1';
const MAYA = '0193a0c4-0000-7000-8000-0000000000b2';
const ATLAS = '0193a0c4-0000-7000-8000-0000000000f1';
const CALL_ID = '0193a0c4-0000-7000-8000-0000000000d1';
const CONVERSATION_ID = '0193a0c4-0000-7000-8000-0000000000c1';
const MESSAGE_ID = '0193a0c4-0000-7000-8000-0000000000e9';
const MINUTE = 60_000;

const approval = (overrides: Partial<TToolApproval> = {}): TToolApproval => ({
  toolCallId: CALL_ID,
  agentId: ATLAS,
  tool: 'crm.lookup_order',
  arguments: '{"orderId":"A-1042","include":["lines","payments"]}',
  reason: 'I need the order to answer the refund question.',
  approvers: 'requester_and_managers',
  approverIds: [MAYA],
  approversLabel: 'Maya Lee or a room manager',
  status: 'pending',
  expiresAt: new Date(Date.now() + 59 * MINUTE + 30_000).toISOString(),
  decidedBy: null,
  decidedAt: null,
  ...overrides,
});

const card = (of: TToolApproval = approval()): TListMessage => ({
  id: MESSAGE_ID,
  conversationId: CONVERSATION_ID,
  seq: 12,
  content: 'Atlas wants to use crm.lookup_order',
  timestamp: new Date().toISOString(),
  messageType: 'approval',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: ATLAS, firstName: 'Atlas', lastName: '', role: 'agent', avatarUrl: '', isAgent: true },
  attachments: [],
  approval: of,
});

const decided = (status: 'approved' | 'denied') =>
  approval({ status, decidedBy: { id: MAYA, firstName: 'Maya', lastName: 'Lee' }, decidedAt: new Date().toISOString() });

/** The card as `viewer` sees it; `rerender` plays a `message:updated` (the list replaces the message). */
function renderCard(viewer: string, message: TListMessage = card()) {
  const tree = (m: TListMessage) => (
    <FakeConversation values={{ selfId: viewer }}>
      <MessageBubble message={m} firstInGroup canRegenerate={false} />
    </FakeConversation>
  );
  const view = render(tree(message));
  return { update: (m: TListMessage) => view.rerender(tree(m)) };
}

const theCard = () => screen.getByRole('group', { name: 'Approval request from Atlas' });

describe('an approval card', () => {
  it('shows an approver who asks, what for, the arguments as readable text, who may approve, the expiry, and Approve and Deny', () => {
    renderCard(MAYA);
    const group = theCard();
    expect(group).toHaveTextContent('Atlas wants to use crm.lookup_order');
    expect(within(group).getByText('I need the order to answer the refund question.')).toBeInTheDocument();
    const args = within(group).getByLabelText('Arguments');
    expect(args.tagName).toBe('PRE');
    expect(args.textContent).toBe('{\n  "orderId": "A-1042",\n  "include": [\n    "lines",\n    "payments"\n  ]\n}');
    expect(group).toHaveTextContent('Who may approve: Maya Lee or a room manager');
    expect(screen.getByTestId('approval-expiry')).toHaveTextContent('Expires in 59 min');
    expect(within(group).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('shows someone who may not approve the same card without buttons', () => {
    renderCard(ADA);
    expect(theCard()).toHaveTextContent('Who may approve: Maya Lee or a room manager');
    expect(within(theCard()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(theCard()).queryByRole('button', { name: 'Deny' })).not.toBeInTheDocument();
  });

  it('approving calls the route with the tool call, disables both buttons meanwhile, and the decided card replaces them', async () => {
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const api = stubApi({ [`POST /chat/tool-calls/${CALL_ID}/approve`]: ok({ approval: approval({ status: 'pending' }) }) });
    // Hold the answer until the test has looked at the buttons in flight.
    const held = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (...args) => {
      await gate;
      return held(...args);
    });
    const { update } = renderCard(MAYA);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(api.callsTo(`POST /chat/tool-calls/${CALL_ID}/approve`)).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: /Deny/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: /Approve/ })).toBeDisabled();
    act(() => answer!());
    await waitFor(() => expect(api.callsTo(`POST /chat/tool-calls/${CALL_ID}/approve`)).toHaveLength(1));

    const approved = decided('approved');
    act(() => update(card(approved)));
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(approved.decidedAt!));
    expect(screen.getByTestId('approval-outcome')).toHaveTextContent(`Approved by Maya Lee at ${time}`);
    expect(within(theCard()).queryByRole('button')).not.toBeInTheDocument();
    expect(theCard()).toHaveAttribute('data-status', 'approved');
    // Said aloud, politely: the status changed while the card was on screen.
    expect(theCard().querySelector('[aria-live="polite"]')).toHaveTextContent(`Approved by Maya Lee at ${time}`);
  });

  it('says who may approve when the server refuses with 403', async () => {
    stubApi({ [`POST /chat/tool-calls/${CALL_ID}/deny`]: fail(403, 'Forbidden', 'FORBIDDEN') });
    renderCard(MAYA);
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await within(theCard()).findByRole('alert')).toHaveTextContent('Only Maya Lee or a room manager can approve this.');
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('says the request was already decided on 409 and shows the card as it is now', async () => {
    const api = stubApi({
      [`POST /chat/tool-calls/${CALL_ID}/approve`]: fail(409, 'Already decided', 'CONFLICT'),
      [`GET /chat/conversations/${CONVERSATION_ID}/messages?after=11&limit=1`]: ok({
        messages: [card(decided('denied'))],
        pagination: { page: 1, limit: 1, hasMore: false },
        seenStatus: {},
      }),
    });
    renderCard(MAYA);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await within(theCard()).findByRole('alert')).toHaveTextContent('This request was already decided.');
    await waitFor(() => expect(screen.getByTestId('approval-outcome')).toHaveTextContent(/^Denied by Maya Lee at /));
    expect(api.callsTo(`GET /chat/conversations/${CONVERSATION_ID}/messages?after=11&limit=1`)).toHaveLength(1);
    expect(within(theCard()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a denied card names who denied it, with no buttons for anyone', () => {
    renderCard(MAYA, card(decided('denied')));
    expect(screen.getByTestId('approval-outcome')).toHaveTextContent(/^Denied by Maya Lee at \d/);
    expect(within(theCard()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('an expired card says the agent went on without it', () => {
    renderCard(MAYA, card(approval({ status: 'expired', expiresAt: new Date(Date.now() - MINUTE).toISOString() })));
    expect(screen.getByTestId('approval-outcome')).toHaveTextContent('Expired — Atlas was told and went on without it.');
    expect(within(theCard()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a card still pending past its expiry reads as expired, without buttons', () => {
    renderCard(MAYA, card(approval({ expiresAt: new Date(Date.now() - 1000).toISOString() })));
    expect(theCard()).toHaveAttribute('data-status', 'expired');
    expect(within(theCard()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('beyond the hour it gives the time it expires at; arguments that are not JSON are shown as given', () => {
    const expiresAt = new Date(Date.now() + 3 * 60 * MINUTE).toISOString();
    renderCard(MAYA, card(approval({ expiresAt, arguments: 'not json <b>bold</b>' })));
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(expiresAt));
    expect(screen.getByTestId('approval-expiry')).toHaveTextContent(`Expires at ${time}`);
    expect(within(theCard()).getByLabelText('Arguments').textContent).toBe('not json <b>bold</b>');
    expect(theCard().querySelector('b')).toBeNull();
  });
});
