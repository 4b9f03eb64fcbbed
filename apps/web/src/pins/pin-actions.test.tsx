import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type TChatMessage, type TConversation } from '@agentroom/shared';
import ChatPage from '../chat/chat-page';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeamAgent } from '../test/team-fixtures';
import { RealtimeContext } from '../realtime/realtime-context';
import { PinsAddOns } from './pins-add-ons';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const PARENT_ID = '0193a0c4-0000-7000-8000-0000000000c9';
const hello = chatMessage(1, 'Hello from Maya', senderOf(maya));
const gone = chatMessage(2, '', senderOf(maya), { deleted: true });
// A thread's reply shown in the conversation it was sent to, with its thread's place.
const threaded = chatMessage(3, 'A reply in a thread', senderOf(maya), {
  inThread: { threadConversationId: '0193a0c4-0000-7000-8000-0000000000c8', rootMessageId: hello.id, parentConversationId: PARENT_ID },
});

/** The 1:1 chat with Maya as the routes table gives it: with pins and saved messages. */
function renderChat(conversation: TConversation, messages: TChatMessage[], pins: unknown[] = []) {
  const api = stubApi({
    'POST /chat/open': ok({ agent: maya, conversation, page: messagePage(messages) }),
    [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    [`GET /chat/conversations/${CHAT_ID}/pins`]: ok({ pins }),
    'GET /users/me/saved?limit=100': ok({ saved: [], nextBefore: null }),
  });
  const socket = new FakeSocket();
  renderPage(
    <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
      <PinsAddOns>
        <ChatPage />
      </PinsAddOns>
    </RealtimeContext.Provider>,
    { path: '/p/@maya', route: '/p/:username', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return api;
}

const bubbleOf = async (message: TChatMessage) => (await screen.findAllByTestId('message')).find((m) => m.dataset.messageId === message.id)!;

describe('where Pin is offered', () => {
  it('both sides of a 1:1 pin its messages; the header counts the pins', async () => {
    renderChat(makeChat(me, maya), [hello], [{ message: hello, pinnedBy: { id: me.agentId, firstName: 'Ada', lastName: 'Lovelace' }, pinnedAt: hello.timestamp }]);
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(await within(chat).findByRole('button', { name: 'Pinned messages 1' })).toHaveAttribute('aria-haspopup', 'dialog');
    const bubble = await bubbleOf(hello);
    expect(within(bubble).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(within(bubble).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('not on a thread reply nor a deleted message, and not at all in a read-only 1:1 (Save stays)', async () => {
    renderChat(makeChat(me, maya, { readOnly: 'out-of-reach' }), [hello, gone, threaded]);
    const bubble = await bubbleOf(hello);
    expect(within(bubble).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(bubble).queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
    expect(within(await bubbleOf(gone)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a thread reply offers Save but no Pin', async () => {
    renderChat(makeChat(me, maya), [hello, threaded]);
    const bubble = await bubbleOf(threaded);
    expect(within(bubble).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(bubble).queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
    expect(within(await bubbleOf(hello)).getByRole('button', { name: 'Pin' })).toBeInTheDocument();
  });
});
