import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TListMessage, TSeenAgent, TSeenStatus } from '@agentroom/shared';
import { kai, makeAgent, makeRoomConversation, maya, me, nova, roomMessage, sage } from '../test/room-fixtures';
import { conversationMembers } from './conversation-members';
import { loadMarkdownPipeline } from './markdown-loader';
import { FakeConversation, type FakeConversationValues } from '../test/fake-conversation';
import { MessageList } from './message-list';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

// As on a chat's first load when its messages need it (chat-open.ts): the Markdown pipeline is in before they draw.
beforeAll(() => loadMarkdownPipeline());

const members = conversationMembers(makeRoomConversation(), me.agentId)!;
const seenAgent = (agent: { id: string; firstName: string; avatarUrl: string }): TSeenAgent => ({ id: agent.id, firstName: agent.firstName, lastName: '', avatarUrl: agent.avatarUrl });

function renderRoom(messages: TListMessage[], extra: FakeConversationValues = {}) {
  const values = {
    selfId: me.agentId,
    messages,
    members,
    loadOlder: vi.fn(async () => {}),
    edit: vi.fn(async () => {}),
    regenerate: vi.fn(),
    stopReply: vi.fn(),
    markRead: vi.fn(),
    ...extra,
  };
  render(
    <FakeConversation values={values}>
      <MessageList />
    </FakeConversation>,
  );
  return values;
}

const groupHeaders = () =>
  screen.getAllByTestId('message').flatMap((m) => {
    const time = within(m).queryByTestId('message-time');
    return time ? [time.parentElement!.textContent!.replace(time.textContent!, '').trim()] : [];
  });

describe('a room’s messages', () => {
  it('names each group from someone else with their avatar, marks AI agents, and groups by sender', () => {
    renderRoom([
      roomMessage(maya, 'Morning all'),
      roomMessage(maya, 'Ready for the launch?'),
      roomMessage(nova, 'The checklist is done.'),
      roomMessage(me.agent, 'Great'),
      roomMessage(kai, 'Shipping at noon'),
    ]);
    // Maya's two messages are one group; my own group carries no name.
    expect(groupHeaders()).toEqual(['Maya', 'NovaAI(AI agent)', '', 'Kai']);
    const [, , novaMessage] = screen.getAllByTestId('message');
    expect(within(novaMessage!).getByRole('img', { name: 'Nova' })).toHaveAttribute('src', '/api/v1/avatars/nova.svg');
    expect(within(novaMessage!).getByTitle('AI agent')).toBeInTheDocument();
    // People are not marked.
    expect(screen.getAllByTitle('AI agent')).toHaveLength(1);
  });

  it('shows who has seen each message, anyone’s: up to three avatars, then +N, named aloud', () => {
    const fromMaya = roomMessage(maya, 'Who read this?');
    const fromNova = roomMessage(nova, 'An answer');
    const seen: TSeenStatus = {
      [fromMaya.id]: [seenAgent(kai), seenAgent(nova), seenAgent(sage), seenAgent(makeAgent('0193a0c4-0000-7000-8000-0000000000b6', 'lee', 'Lee')), seenAgent(maya)],
      [fromNova.id]: [seenAgent(kai)],
    };
    renderRoom([fromMaya, fromNova], { seenStatus: seen });
    const [first, second] = screen.getAllByTestId('message');
    const marker = within(first!).getByTestId('seen-by');
    // Maya's own cursor on her message says nothing: four others read up to here.
    expect(within(marker).getByText('+1')).toBeInTheDocument();
    expect(within(marker).getAllByRole('img', { hidden: true })).toHaveLength(3);
    expect(within(marker).getByText('Seen by Kai, Nova and 2 others')).toBeInTheDocument();
    expect(marker).toHaveAttribute('title', 'Seen by Kai, Nova, Sage, Lee');
    // Under an AI agent's reply too: in a room that is where people's markers are.
    expect(within(second!).getByTestId('seen-by')).toHaveTextContent('Seen by Kai');
  });

  it('keeps the markers on a deleted message and on an AI agent’s notice', () => {
    const deleted = roomMessage(maya, '', { deleted: true });
    const notice = roomMessage(nova, 'No model is connected.', { messageType: 'notice', notice: { code: 'timeout', retryable: false } });
    renderRoom([deleted, notice], { seenStatus: { [deleted.id]: [seenAgent(kai)], [notice.id]: [seenAgent(sage)] } });
    const [first, second] = screen.getAllByTestId('message');
    expect(within(first!).getByTestId('seen-by')).toHaveTextContent('Seen by Kai');
    expect(within(second!).getByTestId('seen-by')).toHaveTextContent('Seen by Sage');
  });

  it('marks the @mentions of members, more strongly when they name me, never inside code', () => {
    renderRoom([
      roomMessage(maya, `@nova can you check? cc @${me.username} and @ghost, not \`@kai\``, { mentions: [nova.id, me.agentId] }),
    ]);
    const text = screen.getByTestId('message-text');
    const marks = [...text.querySelectorAll('[data-mention]')].map((el) => [el.textContent, el.getAttribute('data-mention')]);
    expect(marks).toEqual([
      ['@nova', 'member'],
      [`@${me.username}`, 'me'],
    ]);
    expect(text).toHaveTextContent(`@nova can you check? cc @${me.username} and @ghost, not @kai`);
  });

  it('marks what a message still sending mentions, from its text', () => {
    renderRoom([{ ...roomMessage(me.agent, 'thanks @Maya'), pending: true }]);
    expect(screen.getByTestId('message-text').querySelector('[data-mention="member"]')).toHaveTextContent('@Maya');
  });

  it('says which AI agent asked another for a reply', () => {
    renderRoom([
      roomMessage(maya, '@nova plan the launch'),
      roomMessage(nova, '@sage can you draft the post?', { mentions: [sage.id] }),
      roomMessage(sage, 'Here is a draft.', { askedBy: { id: nova.id, firstName: 'Nova', lastName: '' } }),
    ]);
    expect(screen.getAllByTestId('asked-by')).toHaveLength(1);
    const reply = screen.getAllByTestId('message')[2]!;
    expect(within(reply).getByTestId('asked-by')).toHaveTextContent('Nova asked Sage');
  });

  it('names each streaming reply by its own agent, with a Stop for each', async () => {
    const user = userEvent.setup();
    const props = renderRoom([roomMessage(maya, '@nova @sage ideas?')], {
      streams: [
        { streamId: 's1', agentId: nova.id, attempt: 0, text: 'One idea', done: false },
        { streamId: 's2', agentId: sage.id, attempt: 0, text: '', done: false },
      ],
    });
    const [first, second] = screen.getAllByTestId('streaming-reply');
    expect(first).toHaveTextContent(/^NovaAI/);
    expect(second).toHaveTextContent(/^SageAI/);
    await user.click(within(second!).getByRole('button', { name: 'Stop generating' }));
    expect(props.stopReply).toHaveBeenCalledWith('s2');
  });
});
