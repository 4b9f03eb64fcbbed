import type { ReactNode } from 'react';
import type { TAgent, TConversation, TUser } from '@agentroom/shared';
import ChatPage from '../chat/chat-page';
import { RealtimeContext } from '../realtime/realtime-context';
import { ok, type StubAnswer } from './api-stub';
import type { FakeSocket } from './fake-socket';
import { fakeAuth, renderPage } from './render';

/** Signed in as `user`, verified. */
const signedIn = (user: TUser) => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 'tok' });

/**
 * The separate calls that open the chat with `agent` when POST /chat/open is not answered:
 * the agent by username, the conversation started, and (when given) page 1 of its messages.
 */
export const chatStartCalls = (agent: TAgent, conversation: TConversation, firstPage?: StubAnswer): Record<string, StubAnswer> => ({
  [`GET /agents/${agent.username}`]: ok({ agent }),
  [`POST /chat/conversations/${agent.id}/start`]: ok({ conversation }),
  ...(firstPage ? { [`GET /chat/conversations/${conversation.id}/messages?page=1&limit=50`]: firstPage } : {}),
});

/**
 * The chat page at `path` (the chat with @maya unless given), signed in as `user`. With `socket` the page
 * runs on it (connected as the socket says); `beside` is rendered next to the page, inside the same route.
 */
export function renderChatPage(
  user: TUser,
  options: { path?: string; route?: string; state?: unknown; socket?: FakeSocket; beside?: ReactNode } = {},
) {
  const page = (
    <>
      <ChatPage />
      {options.beside}
    </>
  );
  const { socket } = options;
  return renderPage(
    socket ? (
      <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: socket.connected ? 'connected' : 'disconnected', error: null }}>
        {page}
      </RealtimeContext.Provider>
    ) : (
      page
    ),
    { path: options.path ?? '/p/@maya', route: options.route ?? '/p/:username', auth: signedIn(user), state: options.state },
  );
}
