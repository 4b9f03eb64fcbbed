import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { kai, maya, me, nova, roomMessage } from '../test/room-fixtures';
import { ConversationContexts } from './conversation-context';
import type { ConversationSession } from './conversation-slices';
import { fakeConversation } from '../test/fake-conversation';
import { MessageList } from './message-list';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

// Every bubble draws its text through MessageMarkdown: counting its renders counts the bubbles drawn again.
const drawn = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('./message-markdown', async () => {
  const { createElement } = await import('react');
  return {
    MessageMarkdown: ({ content }: { content: string }) => {
      drawn.texts.push(content);
      return createElement('p', null, content);
    },
  };
});

const messages = [roomMessage(maya, 'Morning all'), roomMessage(me.agent, 'Morning'), roomMessage(maya, '@nova ideas?')];
const seenAgent = (agent: { id: string; firstName: string; avatarUrl: string }) => ({ id: agent.id, firstName: agent.firstName, lastName: '', avatarUrl: agent.avatarUrl });

function renderSession(session: ConversationSession) {
  const view = render(
    <ConversationContexts session={session}>
      <MessageList />
    </ConversationContexts>,
  );
  return (next: ConversationSession) =>
    view.rerender(
      <ConversationContexts session={next}>
        <MessageList />
      </ConversationContexts>,
    );
}

describe('what a change in a conversation draws again', () => {
  beforeEach(() => {
    drawn.texts = [];
  });

  it('a stream delta draws its own streaming reply, no message bubble', async () => {
    const session = fakeConversation({ selfId: me.agentId, messages, streams: [{ streamId: 's1', agentId: nova.id, attempt: 0, text: 'One', done: false }] });
    const rerender = renderSession(session);
    await screen.findByText('One');
    expect(drawn.texts).toEqual(expect.arrayContaining(['Morning all', 'Morning', '@nova ideas?']));

    drawn.texts = [];
    rerender({ ...session, streams: [{ streamId: 's1', agentId: nova.id, attempt: 0, text: 'One idea', done: false }] });
    await screen.findByText('One idea');
    expect(drawn.texts).toEqual(['One idea']);
  });

  it('a read cursor moving draws the seen markers, no message text', async () => {
    const session = fakeConversation({ selfId: me.agentId, messages });
    const rerender = renderSession(session);
    await screen.findByText('@nova ideas?');

    drawn.texts = [];
    rerender({ ...session, seenStatus: { [messages[2]!.id]: [seenAgent(kai)] } });
    const last = screen.getAllByTestId('message')[2]!;
    await waitFor(() => expect(within(last).getByTestId('seen-by')).toHaveTextContent('Seen by Kai'));
    expect(drawn.texts).toEqual([]);
  });
});
