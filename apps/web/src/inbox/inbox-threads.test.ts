import { describe, expect, it } from 'vitest';
import { makeConversation, makeMessage, me, withLast } from '../test/inbox-fixtures';
import { makeTeamAgent } from '../test/team-fixtures';
import { withIncomingMessage } from './inbox-cache';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const CHAT = '0193a0c4-0000-7000-8000-0000000000c1';
const THREAD = '0193a0c4-0000-7000-8000-0000000000d1';

describe('thread replies and the conversation list', () => {
  it('a thread reply is neither a conversation of the list nor counted there; a message of the chat is', () => {
    const hello = makeMessage(CHAT, 1, 'Hello', maya, '2025-03-03T10:00:00.000Z');
    const list = [withLast(makeConversation(CHAT, maya), hello)];
    const inThread = { threadConversationId: THREAD, rootMessageId: hello.id, parentConversationId: CHAT };

    const reply = { ...makeMessage(THREAD, 1, 'In the thread', maya, '2025-03-03T10:01:00.000Z'), inThread };
    expect(withIncomingMessage(list, reply, me.agent.id)).toBe(list);

    const next = makeMessage(CHAT, 2, 'In the chat', maya, '2025-03-03T10:02:00.000Z');
    expect(withIncomingMessage(list, next, me.agent.id)?.[0]).toMatchObject({ unreadCount: 1, lastSeq: 2 });
  });
});
