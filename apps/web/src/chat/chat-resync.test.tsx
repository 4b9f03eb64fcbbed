import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { chatStartCalls, renderChatPage } from '../test/chat-render';
import { FakeSocket } from '../test/fake-socket';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const CONVERSATION_ID = CHAT_ID;
const conversation = makeChat(me, maya);
const fromMaya = (seq: number, content: string) => chatMessage(seq, content, senderOf(maya));
const page = (messages: TChatMessage[]) => ok(messagePage(messages, 200));

describe('chat after the server says events may have been lost', () => {
  it('fetches what came after the last message it holds and shows it, on the same socket', async () => {
    const gapFill = `GET /chat/conversations/${CONVERSATION_ID}/messages?after=1&limit=200`;
    const api = stubApi({
      ...chatStartCalls(maya, conversation, page([fromMaya(1, 'Hello from Maya')])),
      [`GET /chat/conversations/${CONVERSATION_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CONVERSATION_ID}/read`]: ok({}),
      // Nothing missed at the join; the message sent on another node during the outage afterwards.
      [gapFill]: [page([]), page([fromMaya(2, 'Sent while Redis was down')])],
    });
    const socket = new FakeSocket();
    renderChatPage(me, { socket });
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
