import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TConversation } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { renderChatPage } from '../test/chat-render';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const THREAD_ID = '0193a0c4-0000-7000-8000-0000000000d9';
const conversation = makeChat(me, maya);
const hello = chatMessage(1, 'Hello from Maya', senderOf(maya));
const place = { threadConversationId: THREAD_ID, rootMessageId: hello.id, parentConversationId: CHAT_ID };
const thread: TConversation = { ...makeChat(me, maya, { id: THREAD_ID, conversationType: 'thread' }), thread: { ...place, following: true } };
const answer = { ...chatMessage(1, 'Hi back, in the thread', senderOf(maya)), id: '0193a0c4-0000-7000-8000-0000000000aa', conversationId: THREAD_ID, inThread: place };

describe('a thread of a 1:1 chat', () => {
  it('opens from "Reply in thread" beside the chat, and its composer offers "Also send to the chat"', async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    const api = stubApi({
      'POST /chat/open': ok({ agent: maya, conversation, page: messagePage([hello]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=1&limit=200`]: ok(messagePage([])),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
      [`POST /chat/messages/${hello.id}/thread`]: ok({ thread, root: hello }),
      [`GET /chat/conversations/${THREAD_ID}`]: ok({ conversation: thread }),
      [`GET /chat/conversations/${THREAD_ID}/messages?page=1&limit=50`]: ok(messagePage([answer])),
      [`GET /chat/conversations/${THREAD_ID}/messages?after=1&limit=200`]: ok(messagePage([])),
      [`PUT /chat/conversations/${THREAD_ID}/read`]: ok({}),
    });
    const { router } = renderChatPage(me, { socket });
    const message = await screen.findByTestId('message');

    await user.click(within(message).getByRole('button', { name: 'Reply in thread' }));

    expect(router.state.location.search).toBe(`?thread=${hello.id}`);
    const panel = await screen.findByRole('complementary', { name: 'Thread' });
    expect(within(panel).getByTestId('thread-root')).toHaveTextContent('Hello from Maya');
    expect(await within(panel).findByText('Hi back, in the thread')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('checkbox', { name: 'Also send to the chat' })).not.toBeChecked();
    // The thread takes the profile's place beside the chat.
    expect(screen.queryByText('Agent Activity: maya')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST /chat/messages/${hello.id}/thread`)).toHaveLength(1));
  });
});
