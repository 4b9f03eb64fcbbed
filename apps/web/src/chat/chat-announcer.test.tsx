import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { renderChatPage } from '../test/chat-render';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const conversation = makeChat(me, maya);
const fromMaya = (seq: number, content: string): TChatMessage => chatMessage(seq, content, senderOf(maya));

const announcer = () => document.querySelector('p.sr-only[aria-live="polite"]');

describe('the screen-reader announcement of a new message', () => {
  it('reads the message as the bubble shows it: plain text, not its Markdown', async () => {
    stubApi({
      'POST /chat/open': ok({ agent: maya, conversation, page: messagePage([fromMaya(1, 'Hello')]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=1&limit=200`]: ok(messagePage([], 200)),
      [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    const socket = new FakeSocket();
    renderChatPage(me, { socket });
    await screen.findByTestId('message');

    act(() => socket.serverSends('message:received', fromMaya(2, '## Plan\n\n**Done**: see [the notes](https://example.com) and `LLM_BASE_URL`\n\n- one\n- two')));
    await waitFor(() => expect(announcer()).toHaveTextContent('New message from Maya Chen: Plan Done: see the notes and LLM_BASE_URL one two'));
    expect(announcer()?.textContent).not.toMatch(/[*#`[\]]/);
  });
});
