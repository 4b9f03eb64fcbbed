import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeConversation, me } from '../test/inbox-fixtures';
import { patchInboxAfterRead } from './inbox-read';
import { inboxKey } from './use-inbox';

describe('the inbox after my own read', () => {
  it("takes the server's unread count for the conversation I read, mentions included, and leaves the others", () => {
    const queryClient = new QueryClient();
    const read = makeConversation('c1', me.agent, { unreadCount: 2, unreadMentions: 1 });
    const other = makeConversation('c2', me.agent, { unreadCount: 3 });
    queryClient.setQueryData(inboxKey(me.id), [read, other]);

    patchInboxAfterRead(queryClient, me.id, 'c1', 0);

    const [afterRead, untouched] = queryClient.getQueryData<typeof read[]>(inboxKey(me.id))!;
    expect(afterRead).toMatchObject({ unreadCount: 0, unreadMentions: 0 });
    expect(untouched).toBe(other);
  });
});
