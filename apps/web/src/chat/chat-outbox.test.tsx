import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_ERRORS, GENERIC_ERRORS, type TChatMessage } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { renderChatPage } from '../test/chat-render';
import { CHAT_ID, chatMessage, makeChat, messagePage, senderOf } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { resetOutboxMemory } from './outbox';

vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'));

const me = makeUser();
const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const SEND = `POST /chat/conversations/${CHAT_ID}/messages/async`;
const conversation = makeChat(me, maya);
const WAITING = 'Will send when you are back online';

const message = (seq: number, content: string, fromMe: boolean, clientMessageId: string | null = null): TChatMessage =>
  chatMessage(seq, content, senderOf(fromMe ? me.agent : maya), { clientMessageId });

/** The HTTP route stores the message: the body's clientMessageId on the stored message. */
const httpStores = (call: { body: unknown }) => {
  const body = call.body as { content: string; clientMessageId: string };
  return ok({ participantMessage: message(2, body.content, true, body.clientMessageId) }, 201);
};

/** The browser's network, as navigator.onLine and its events say it; the socket follows it as the realtime provider makes it. */
function network(socket: FakeSocket, online: boolean) {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  socket.connected = online;
  return (next: boolean) => {
    onLine.mockReturnValue(next);
    socket.connected = next;
    act(() => void window.dispatchEvent(new Event(next ? 'online' : 'offline')));
  };
}

function renderChat(socket: FakeSocket, extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'POST /chat/open': ok({ agent: maya, conversation, page: messagePage([message(1, 'Hello from Maya', false)]) }),
    [`GET /chat/conversations/${CHAT_ID}/messages?after=1&limit=200`]: ok(messagePage([], 200)),
    [`GET /chat/conversations/${CHAT_ID}/replies`]: ok({ replies: [] }),
    [`PUT /chat/conversations/${CHAT_ID}/read`]: ok({}),
    ...extra,
  });
  renderChatPage(me, { socket });
  return api;
}

async function type(text: string) {
  await screen.findAllByTestId('message');
  await userEvent.type(screen.getByPlaceholderText('Type a message...'), `${text}{Enter}`);
}

const outbox = () => screen.queryAllByTestId('outbox-entry');
const shownMine = (text: string) => screen.queryAllByTestId('message').filter((m) => m.textContent?.includes(text));
const storedAck = (payload: { content?: string; clientMessageId?: string }) => ({
  ok: true as const,
  created: true,
  participantMessage: message(2, payload.content ?? '', true, payload.clientMessageId ?? null),
});

describe('the outbox', () => {
  it('keeps a message written offline under the composer, and sends it once, with its clientMessageId, when the network is back', async () => {
    const socket = new FakeSocket(storedAck);
    const setOnline = network(socket, false);
    const api = renderChat(socket, { [SEND]: httpStores });
    await type('written on the train');

    await waitFor(() => expect(outbox()).toHaveLength(1));
    expect(outbox()[0]).toHaveTextContent('written on the train');
    expect(outbox()[0]).toHaveTextContent(WAITING);
    expect(screen.getByPlaceholderText('Type a message...')).toHaveValue('');
    expect(shownMine('written on the train')).toHaveLength(0);
    expect(socket.sends).toHaveLength(0);
    expect(api.callsTo(SEND)).toHaveLength(0);
    const stored = JSON.parse(localStorage.getItem(`agentroom.outbox.${me.agentId}`) ?? '[]') as { clientMessageId: string }[];
    expect(stored).toHaveLength(1);

    setOnline(true);
    await waitFor(() => expect(shownMine('written on the train')).toHaveLength(1));
    await waitFor(() => expect(outbox()).toHaveLength(0));
    expect(socket.sends).toHaveLength(1);
    expect(socket.sends[0]!.payload).toMatchObject({ content: 'written on the train', clientMessageId: stored[0]!.clientMessageId, targetAgentId: maya.id });
    expect(api.callsTo(SEND)).toHaveLength(0);
    expect(localStorage.getItem(`agentroom.outbox.${me.agentId}`)).toBeNull();

    // Going offline and back again sends nothing more.
    setOnline(false);
    setOnline(true);
    expect(socket.sends).toHaveLength(1);
    expect(shownMine('written on the train')).toHaveLength(1);
    expect(screen.queryByText(GENERIC_ERRORS.network)).not.toBeInTheDocument();
  });

  it('survives a reload of the page: the message still waits, and goes out with the same clientMessageId', async () => {
    const first = new FakeSocket(storedAck);
    network(first, false);
    renderChat(first);
    await type('before the reload');
    await waitFor(() => expect(outbox()).toHaveLength(1));
    const [stored] = JSON.parse(localStorage.getItem(`agentroom.outbox.${me.agentId}`) ?? '[]') as { clientMessageId: string }[];

    // A new page load: nothing in memory, only what the browser kept.
    cleanup();
    resetOutboxMemory();
    const socket = new FakeSocket(storedAck);
    const setOnline = network(socket, false);
    renderChat(socket);
    await waitFor(() => expect(outbox()).toHaveLength(1));
    expect(outbox()[0]).toHaveTextContent('before the reload');
    expect(outbox()[0]).toHaveTextContent(WAITING);

    setOnline(true);
    await waitFor(() => expect(outbox()).toHaveLength(0));
    expect(socket.sends.map((s) => s.payload.clientMessageId)).toEqual([stored!.clientMessageId]);
  });

  it('offers Retry and Delete for a send lost on the way (no stale "Network error"); Retry sends it again with the same clientMessageId', async () => {
    const socket = new FakeSocket();
    network(socket, true);
    socket.connected = false; // the socket is down: the send goes over HTTP
    const api = renderChat(socket, { [SEND]: [{ networkError: true }, httpStores] });
    await type('are you there?');

    await waitFor(() => expect(outbox()).toHaveLength(1));
    const entry = outbox()[0]!;
    expect(entry).toHaveTextContent('are you there?');
    expect(entry).toHaveTextContent('Not sent');
    expect(screen.queryByText(GENERIC_ERRORS.network)).not.toBeInTheDocument();
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
    await waitFor(() => expect(shownMine('are you there?')).toHaveLength(0));

    await userEvent.click(within(entry).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownMine('are you there?')).toHaveLength(1));
    await waitFor(() => expect(outbox()).toHaveLength(0));
    const [firstTry, secondTry] = api.callsTo(SEND).map((call) => (call.body as { clientMessageId: string }).clientMessageId);
    expect(secondTry).toBe(firstTry);
    expect(api.callsTo(SEND)).toHaveLength(2);
  });

  it('Delete removes a failed message for good', async () => {
    const socket = new FakeSocket();
    network(socket, true);
    socket.connected = false;
    const api = renderChat(socket, { [SEND]: { networkError: true } });
    await type('never mind');
    await waitFor(() => expect(outbox()).toHaveLength(1));

    await userEvent.click(within(outbox()[0]!).getByRole('button', { name: 'Delete' }));
    expect(outbox()).toHaveLength(0);
    expect(localStorage.getItem(`agentroom.outbox.${me.agentId}`)).toBeNull();
    expect(api.callsTo(SEND)).toHaveLength(1);
  });

  it('a waiting message the server then refuses says why, with Retry and Delete', async () => {
    const socket = new FakeSocket(() => ({ ok: false, error: CHAT_ERRORS.conversationNotFound, code: 'NOT_FOUND' }));
    const setOnline = network(socket, false);
    renderChat(socket);
    await type('too late');
    await waitFor(() => expect(outbox()).toHaveLength(1));

    setOnline(true);
    await waitFor(() => expect(outbox()[0]).toHaveTextContent(CHAT_ERRORS.conversationNotFound));
    expect(within(outbox()[0]!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(outbox()[0]!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
