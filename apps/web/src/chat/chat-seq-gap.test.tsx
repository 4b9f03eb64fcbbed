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
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const conversation = makeChat(me, maya);
const T0 = Date.UTC(2026, 0, 5, 9);
// Stored in seq order, a second apart.
const fromMaya = (seq: number) => chatMessage(seq, `Maya's message ${seq}`, senderOf(maya), { timestamp: new Date(T0 + seq * 1000).toISOString() });
const page = (messages: TChatMessage[]) => ok(messagePage(messages, 200));
const base = `/chat/conversations/${CHAT_ID}`;
/** What the server holds after `after`, of messages 1..`newest`. */
const serverAfter = (after: number, newest: number) => page(Array.from({ length: newest - after }, (_, i) => fromMaya(after + i + 1)));

/** The chat open on Maya's messages 1 and 2, joined and caught up; `newest` is what the server holds by then. */
async function openChat(newest: number) {
  const api = stubApi({
    ...chatStartCalls(maya, conversation, page([fromMaya(1), fromMaya(2)])),
    [`GET ${base}/replies`]: ok({ replies: [] }),
    [`PUT ${base}/read`]: ok({}),
    // At the join nothing is missing yet; asked again later, the server has everything up to `newest`.
    [`GET ${base}/messages?after=2&limit=200`]: [page([]), serverAfter(2, newest)],
  });
  const socket = new FakeSocket();
  renderChatPage(me, { socket });
  expect(await screen.findAllByTestId('message')).toHaveLength(2);
  await waitFor(() => expect(api.callsTo(`GET ${base}/messages?after=2&limit=200`)).toHaveLength(1));
  return { api, socket };
}

const shown = () => screen.getAllByTestId('message').map((m) => m.textContent);
const expectShown = (seqs: number[]) =>
  waitFor(() => expect(shown()).toEqual(seqs.map((seq) => expect.stringContaining(`Maya's message ${seq}`))));
const fillCalls = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path.startsWith(`${base}/messages?after=`));

describe('chat when a live message skips one that never arrived', () => {
  it('fetches the missing one at once, once, and shows the conversation whole', async () => {
    const { api, socket } = await openChat(4);

    // Message 3's event was lost (its node died before broadcasting it); 4 arrives live.
    act(() => socket.serverSends('message:received', fromMaya(4)));

    await expectShown([1, 2, 3, 4]);
    expect(fillCalls(api).map((c) => c.path)).toEqual([`${base}/messages?after=2&limit=200`, `${base}/messages?after=2&limit=200`]);

    // The next message in a row fetches nothing.
    act(() => socket.serverSends('message:received', fromMaya(5)));
    await expectShown([1, 2, 3, 4, 5]);
    expect(fillCalls(api)).toHaveLength(2);
  });

  it('runs one fill for gaps seen while it is on its way, when that fill brings them all', async () => {
    const { api, socket } = await openChat(6);

    // 3 and 5 were lost; 4 and 6 arrive together, the second while the first fill is on its way.
    act(() => {
      socket.serverSends('message:received', fromMaya(4));
      socket.serverSends('message:received', fromMaya(6));
    });

    await expectShown([1, 2, 3, 4, 5, 6]);
    expect(fillCalls(api).map((c) => c.path)).toEqual([`${base}/messages?after=2&limit=200`, `${base}/messages?after=2&limit=200`]);
  });
});
