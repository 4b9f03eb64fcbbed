import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { renderChatPage } from '../test/chat-render';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

// The list itself is Virtuoso (exercised in the browser journeys); here a plain list stands in.
vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', isHuman: true });

// Its own file: the Markdown pipeline is not loaded yet when the chat opens (as on a first visit).
describe('opening a chat whose newest message is Markdown', () => {
  it('draws it formatted from the first paint, never as raw syntax', async () => {
    const conversation = makeChat(me, maya);
    stubApi({
      'POST /chat/open': ok({ agent: maya, conversation, page: messagePage([chatMessage(1, 'the **launch** plan is ready', senderOf(maya))]) }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    renderChatPage(me);
    const message = await screen.findByTestId('message');
    expect(message.querySelector('strong')).toHaveTextContent('launch');
    expect(message).not.toHaveTextContent('**');
  });
});
