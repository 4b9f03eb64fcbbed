import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { renderChatPage } from '../test/chat-render';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const REMOVED_NOTE = "Older messages were removed by the team's message retention setting.";
const atlas = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000f1', username: 'atlas', firstName: 'Atlas', fullName: 'Atlas' });

describe('messages removed by retention', () => {
  it('leave the open conversation when the server says they are gone; other conversations are left alone', async () => {
    const old = chatMessage(1, 'An old plan', senderOf(atlas));
    const older = chatMessage(2, 'An older note', senderOf(atlas));
    const recent = chatMessage(3, 'This week’s plan', senderOf(atlas));
    stubApi({
      'POST /chat/open': ok({ agent: atlas, conversation: makeChat(me, atlas), page: messagePage([old, older, recent]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=3&limit=200`]: ok(messagePage([], 200)),
      [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    const socket = new FakeSocket();
    renderChatPage(me, { path: '/p/@atlas', socket });
    expect(await screen.findByText('An old plan')).toBeInTheDocument();

    act(() => socket.serverSends('messages:removed', { conversationId: '0193a0c4-0000-7000-8000-00000000ffff', messageIds: [old.id], throughSeq: 1 }));
    expect(screen.getByText('An old plan')).toBeInTheDocument();

    act(() => socket.serverSends('messages:removed', { conversationId: CHAT_ID, messageIds: [old.id, older.id], throughSeq: 2 }));
    await waitFor(() => expect(screen.queryByText('An old plan')).not.toBeInTheDocument());
    expect(screen.queryByText('An older note')).not.toBeInTheDocument();
    expect(screen.getAllByText('This week’s plan').length).toBeGreaterThan(0);
    // The history now starts where retention cut it, and the reader is told why.
    expect(screen.getByTestId('history-removed')).toHaveTextContent(REMOVED_NOTE);
  });

  it('tells the reader when a conversation opens whose older messages retention removed', async () => {
    const recent = chatMessage(8, 'This week’s plan', senderOf(atlas));
    stubApi({
      'POST /chat/open': ok({ agent: atlas, conversation: { ...makeChat(me, atlas), removedThroughSeq: 7 }, page: messagePage([recent]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=8&limit=200`]: ok(messagePage([], 200)),
      [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    renderChatPage(me, { path: '/p/@atlas', socket: new FakeSocket() });
    expect(await screen.findByText(REMOVED_NOTE)).toBeInTheDocument();
  });

  it('says nothing of removed messages in a conversation that still has its whole history', async () => {
    const first = chatMessage(1, 'Our first plan', senderOf(atlas));
    stubApi({
      'POST /chat/open': ok({ agent: atlas, conversation: makeChat(me, atlas), page: messagePage([first]) }),
      [`GET /chat/conversations/${CHAT_ID}/messages?after=1&limit=200`]: ok(messagePage([], 200)),
      [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
      [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    });
    renderChatPage(me, { path: '/p/@atlas', socket: new FakeSocket() });
    expect(await screen.findByText('Our first plan')).toBeInTheDocument();
    expect(screen.queryByText(REMOVED_NOTE)).not.toBeInTheDocument();
  });
});
