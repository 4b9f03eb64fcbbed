import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage, TConversation } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeamAgent } from '../teams/team-fixtures';
import { RealtimeContext } from '../realtime/realtime-context';
import type { AppSocket } from '../realtime/socket-client';
import ChatPage from './chat-page';

vi.mock('react-virtuoso', async () => {
  const { createElement } = await import('react');
  return {
    Virtuoso: (props: { data: unknown[]; itemContent: (i: number, item: unknown) => unknown }) =>
      createElement('div', null, ...props.data.map((item, i) => createElement('div', { key: i }, props.itemContent(i, item) as never))),
  };
});

/** A connected socket that acknowledges every join and lets the test play the server's events. */
class FakeSocket {
  connected = true;
  active = true;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, _payload: unknown, ack?: (result: { ok: true }) => void) {
    if (event === 'room:join') ack?.({ ok: true });
    return this;
  }
  serverSends(event: string, payload: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }
  connect() {}
  disconnect() {}
}

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const CONVERSATION_ID = '0193a0c4-0000-7000-8000-0000000000c1';
const conversation = {
  id: CONVERSATION_ID,
  conversationType: 'personal',
  isTeamScoped: false,
  team: null,
  participants: [{ id: 'p1', agentId: me.agentId, agent: me.agent, lastReadMessageId: null, lastReadSeq: 0 }],
  otherAgent: maya,
  room: null,
  unreadMentions: 0,
  lastMessage: null,
  unreadCount: 0,
  lastSeq: 1,
  lastMessageAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
} satisfies TConversation;

const fromMaya = (seq: number, content: string): TChatMessage => ({
  id: `0193a0c4-0000-7000-8000-0000000000d${seq}`,
  conversationId: CONVERSATION_ID,
  seq,
  content,
  timestamp: new Date().toISOString(),
  messageType: 'text',
  isEdited: false,
  editedAt: null,
  clientMessageId: null,
  sender: { id: maya.id, firstName: 'Maya', lastName: 'Chen', role: 'user', avatarUrl: '', isAgent: false },
  attachments: [],
});
const page = (messages: TChatMessage[]) => ok({ messages, pagination: { page: 1, limit: 200, hasMore: false }, seenStatus: {} });

describe('chat after the server says events may have been lost', () => {
  it('fetches what came after the last message it holds and shows it, on the same socket', async () => {
    const gapFill = `GET /chat/conversations/${CONVERSATION_ID}/messages?after=1&limit=200`;
    const api = stubApi({
      'GET /agents/maya': ok({ agent: maya }),
      [`POST /chat/conversations/${maya.id}/start`]: ok({ conversation }),
      [`GET /chat/conversations/${CONVERSATION_ID}/messages?page=1&limit=50`]: page([fromMaya(1, 'Hello from Maya')]),
      [`GET /chat/conversations/${CONVERSATION_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
      // Nothing missed at the join; the message sent on another node during the outage afterwards.
      [gapFill]: [page([]), page([fromMaya(2, 'Sent while Redis was down')])],
    });
    const socket = new FakeSocket();
    renderPage(
      <RealtimeContext.Provider value={{ socket: socket as unknown as AppSocket, status: 'connected', error: null, reconnects: 0 }}>
        <ChatPage />
      </RealtimeContext.Provider>,
      { path: '/p/@maya', route: '/p/:username', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
    );
    expect(await screen.findByTestId('message')).toHaveTextContent('Hello from Maya');
    await waitFor(() => expect(api.callsTo(gapFill)).toHaveLength(1));

    act(() => socket.serverSends('sync:resync', { reason: 'realtime-restored' }));

    await waitFor(() =>
      expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual([
        expect.stringContaining('Hello from Maya'),
        expect.stringContaining('Sent while Redis was down'),
      ]),
    );
    expect(api.callsTo(gapFill)).toHaveLength(2);
  });
});
