import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TActiveReply, TChatMessage, TMessageStreamEvent, TToolStep } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { renderChatPage } from '../test/chat-render';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { applyActiveReplies, applyStreamEvent } from './stream-assembly';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const atlas = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000f1', username: 'atlas', firstName: 'Atlas', fullName: 'Atlas' });
const conversation = makeChat(me, atlas);
const question = chatMessage(1, 'What is the Q3 plan?', senderOf(me.agent));
const STREAM = '0193a0c4-0000-7000-8000-000000000701';

const step = (status: TToolStep['status'], overrides: Partial<TToolStep> = {}): TToolStep => ({
  id: '0193a0c4-0000-7000-8000-000000000501',
  tool: 'crm.lookup_order',
  label: 'Called crm.lookup_order',
  status,
  arguments: '{"orderId":"A-1"}',
  isError: false,
  ...overrides,
});

const stream = (fields: Partial<TMessageStreamEvent> = {}): TMessageStreamEvent => ({
  conversationId: CHAT_ID,
  streamId: STREAM,
  agentId: atlas.id,
  delta: '',
  offset: 0,
  attempt: 0,
  done: false,
  ...fields,
});

function openChat(replies: TActiveReply[] = []) {
  const api = stubApi({
    'POST /chat/open': ok({ agent: atlas, conversation, page: messagePage([question]) }),
    [`GET /chat/conversations/${CHAT_ID}/messages?after=1&limit=200`]: ok(messagePage([], 200)),
    [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies }),
    [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
  });
  const socket = new FakeSocket();
  renderChatPage(me, { path: '/p/@atlas', socket });
  return { api, socket };
}

describe('a streaming reply that uses tools', () => {
  it('shows the latest steps each stream event carries, and "Waiting for approval" instead of typing dots while a call waits', async () => {
    const { socket } = openChat();
    await screen.findByText('What is the Q3 plan?');
    act(() => socket.serverSends('message:stream', stream({ steps: [step('pending_approval')] })));
    const bubble = await screen.findByTestId('streaming-reply');
    expect(within(bubble).getByTestId('tool-step')).toHaveTextContent('Called crm.lookup_order · Waiting for approval');
    expect(within(bubble).getByTestId('waiting-for-approval')).toHaveTextContent('Waiting for approval');

    // Approved and run: the steps come whole again; the wait is over.
    act(() => socket.serverSends('message:stream', stream({ steps: [step('done', { result: 'shipped' })] })));
    await waitFor(() => expect(within(bubble).getByTestId('tool-step')).toHaveAttribute('data-status', 'done'));
    expect(within(bubble).queryByTestId('waiting-for-approval')).not.toBeInTheDocument();

    // Then words, with the steps kept above them (the delta carries no steps).
    act(() => socket.serverSends('message:stream', stream({ delta: 'Order A-1 shipped.', offset: 0 })));
    await within(bubble).findByText('Order A-1 shipped.');
    expect(within(bubble).getByTestId('tool-step')).toHaveTextContent('Called crm.lookup_order');
  });

  it('after a reconnect takes the steps, files and waiting state from the replies being written', async () => {
    openChat([
      {
        streamId: STREAM,
        agentId: atlas.id,
        status: 'waiting',
        attempt: 0,
        content: '',
        steps: [step('pending_approval')],
        filesRead: [{ attachmentId: '0193a0c4-0000-7000-8000-000000000601', filename: 'orbit-brief.pdf', pages: 12, kind: 'text' }],
      },
    ]);
    const bubble = await screen.findByTestId('streaming-reply');
    expect(within(bubble).getByTestId('file-read')).toHaveTextContent('Atlas read orbit-brief.pdf (12 pages)');
    expect(within(bubble).getByTestId('tool-step')).toHaveAttribute('data-status', 'pending_approval');
    expect(within(bubble).getByTestId('waiting-for-approval')).toBeInTheDocument();
  });

  it('the stored reply takes over with its own steps', async () => {
    const { socket } = openChat();
    await screen.findByText('What is the Q3 plan?');
    act(() => socket.serverSends('message:stream', stream({ steps: [step('running')] })));
    await screen.findByTestId('streaming-reply');
    const stored: TChatMessage = chatMessage(2, 'Order A-1 shipped.', senderOf(atlas), {
      clientMessageId: `ai-reply:${STREAM}`,
      toolSteps: [step('done', { result: 'shipped' })],
    });
    act(() => socket.serverSends('message:received', stored));
    await waitFor(() => expect(screen.queryByTestId('streaming-reply')).not.toBeInTheDocument());
    expect(screen.getByTestId('tool-step')).toHaveAttribute('data-status', 'done');
  });
});

describe('stream assembly of tool steps', () => {
  it('keeps the latest steps and files per stream; text alone ends a wait; GET /replies brings the status', () => {
    let state = applyStreamEvent({}, stream({ steps: [step('pending_approval')] })).state;
    expect(state[STREAM]).toMatchObject({ steps: [step('pending_approval')], waiting: true, text: '' });
    const files = [{ attachmentId: '0193a0c4-0000-7000-8000-000000000601', filename: 'a.csv', kind: 'text' as const }];
    state = applyStreamEvent(state, stream({ filesRead: files })).state;
    expect(state[STREAM]).toMatchObject({ steps: [step('pending_approval')], filesRead: files, waiting: true });
    state = applyStreamEvent(state, stream({ delta: 'Hi', offset: 0 })).state;
    expect(state[STREAM]!.waiting).toBeUndefined();
    expect(state[STREAM]!.steps).toEqual([step('pending_approval')]);

    const replies: TActiveReply[] = [{ streamId: STREAM, agentId: atlas.id, status: 'waiting', attempt: 0, content: 'Hi', steps: [step('pending_approval', { label: 'Again' })] }];
    state = applyActiveReplies(state, replies);
    expect(state[STREAM]).toMatchObject({ text: 'Hi', waiting: true, filesRead: files });
    expect(state[STREAM]!.steps![0]!.label).toBe('Again');
  });

  it('an event that changes nothing keeps the state as it was', () => {
    const first = applyStreamEvent({}, stream({ steps: [step('running')] })).state;
    expect(applyStreamEvent(first, stream()).state).toBe(first);
  });
});
