import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { TConversation, TSeenAgent } from '@agentroom/shared';
import { AuthContext } from '../auth/auth-context';
import { fail, ok, stubApi } from '../test/api-stub';
import { fakeAuth } from '../test/render';
import { kai, makeAgent, makeRoomConversation, maya, me, nova, ROOM_ID, roomMessage, sage } from '../test/room-fixtures';
import { ConversationPane } from './conversation-pane';
import { FakeConversation, type FakeConversationValues } from '../test/fake-conversation';
import type { StreamingReply } from './stream-assembly';
import { useReplyStreams } from './use-reply-streams';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), message: vi.fn() } }));

const typist = (agent: { id: string; firstName: string; avatarUrl: string }): TSeenAgent => ({ id: agent.id, firstName: agent.firstName, lastName: '', avatarUrl: agent.avatarUrl });

type RoomValues = Omit<FakeConversationValues, 'stopChain'>;

/** The reader's view of a conversation: loaded, connected, one message from Maya. */
function session(conversation: TConversation, overrides: RoomValues = {}): RoomValues {
  return { selfId: me.agentId, conversation, messages: [roomMessage(maya, 'Morning all')], ...overrides };
}

/** What a room's session does to stop the chain: through the reply streams hook, to the API. */
function RoomChat({ value }: { value: RoomValues }) {
  const messages = value.messages ?? [];
  const replies = useReplyStreams(undefined, () => messages, messages);
  return (
    <FakeConversation values={{ ...value, stopChain: () => replies.stopChain(value.conversation!.id) }}>
      <ConversationPane />
    </FakeConversation>
  );
}

function renderRoom(value: RoomValues) {
  const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' });
  const view = render(
    <AuthContext.Provider value={auth}>
      <RoomChat value={value} />
    </AuthContext.Provider>,
  );
  return {
    rerender: (next: RoomValues) =>
      view.rerender(
        <AuthContext.Provider value={auth}>
          <RoomChat value={next} />
        </AuthContext.Provider>,
      ),
  };
}

const room = makeRoomConversation();
const writing = (agentId: string, done = false): StreamingReply => ({ streamId: `s-${agentId}`, agentId, attempt: 0, text: 'Working on it', done });

describe('a room’s conversation', () => {
  it('says who is typing: one, two, then the first two and how many others, AI agents included', () => {
    const view = renderRoom(session(room));
    expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument();
    view.rerender(session(room, { typingAgents: [typist(maya)] }));
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Maya is typing…');
    view.rerender(session(room, { typingAgents: [typist(maya), typist(nova)] }));
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Maya and Nova are typing…');
    const lee = makeAgent('0193a0c4-0000-7000-8000-0000000000b6', 'lee', 'Lee');
    view.rerender(session(room, { typingAgents: [typist(maya), typist(nova), typist(kai), typist(lee)] }));
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Maya, Nova and 2 others are typing…');
  });

  it('offers “Stop all replies” while an AI agent writes, which stops the room’s chain; each reply keeps its own Stop', async () => {
    const user = userEvent.setup();
    const api = stubApi({ [`POST /chat/conversations/${ROOM_ID}/chain/stop`]: ok({ stopped: 2 }) });
    const view = renderRoom(session(room));
    expect(screen.queryByRole('button', { name: 'Stop all replies' })).not.toBeInTheDocument();

    view.rerender(session(room, { streams: [writing(nova.id), writing(sage.id)] }));
    expect(screen.getAllByRole('button', { name: 'Stop generating' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Stop all replies' }));
    await waitFor(() => expect(api.callsTo(`POST /chat/conversations/${ROOM_ID}/chain/stop`)).toHaveLength(1));
    expect(toast.error).not.toHaveBeenCalled();

    // Once every reply is done, there is nothing to stop.
    view.rerender(session(room, { streams: [writing(nova.id, true)] }));
    expect(screen.queryByRole('button', { name: 'Stop all replies' })).not.toBeInTheDocument();
  });

  it('says so when stopping the chain fails', async () => {
    const user = userEvent.setup();
    stubApi({ [`POST /chat/conversations/${ROOM_ID}/chain/stop`]: fail(500, 'Internal error', 'INTERNAL') });
    renderRoom(session(room, { streams: [writing(nova.id)] }));
    await user.click(screen.getByRole('button', { name: 'Stop all replies' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Internal error', undefined));
  });

  it('has no chain to stop in a 1:1 chat', () => {
    const oneToOne: TConversation = { ...room, conversationType: 'personal', room: null, otherAgent: nova, participants: room.participants.filter((p) => p.agentId === me.agentId || p.agentId === nova.id) };
    renderRoom(session(oneToOne, { streams: [writing(nova.id)] }));
    expect(screen.getByRole('button', { name: 'Stop generating' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop all replies' })).not.toBeInTheDocument();
  });

  it('offers the room’s other members as I type @', async () => {
    const user = userEvent.setup();
    renderRoom(session(room));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '@');
    const listbox = screen.getByRole('listbox', { name: 'Mention someone' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent?.replace(/AI\(AI agent\)/, ''))).toEqual(['Maya@maya', 'Kai@kai', 'Nova@nova', 'Sage@sage']);
  });
});
