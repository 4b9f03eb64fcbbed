import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { makeMessage, me } from '../test/inbox-fixtures';
import { newMessageListeners } from './new-message-feed';
import { subscribe } from './socket-subscription';

const message = (conversationId: string, seq: number) => makeMessage(conversationId, seq, `message ${seq}`, me.agent, '2025-03-20T12:00:00.000Z');

describe('the new-message feed', () => {
  it('hears a message sent to the joined conversation room and one sent through my own room, saying which', () => {
    const socket = new FakeSocket();
    const heard = vi.fn();
    subscribe(socket.asAppSocket, newMessageListeners(heard));
    const inRoom = message('open-chat', 1);
    const elsewhere = message('other-chat', 2);
    socket.serverSends('message:received', inRoom);
    socket.serverSends('conversation:message', { conversationId: 'other-chat', message: elsewhere });
    expect(heard.mock.calls).toEqual([
      [inRoom, { inJoinedConversation: true }],
      [elsewhere, { inJoinedConversation: false }],
    ]);
  });
});

describe('subscribe', () => {
  it('answers a function that detaches exactly its own listeners', () => {
    const socket = new FakeSocket();
    const other = vi.fn();
    socket.on('message:received', other);
    const mine = vi.fn();
    const unsubscribe = subscribe(socket.asAppSocket, { connect: mine, ...newMessageListeners(mine) });
    unsubscribe();
    socket.serverSends('connect');
    socket.serverSends('message:received', message('open-chat', 3));
    expect(mine).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    expect(socket.listenerCount('conversation:message')).toBe(0);
  });
});
