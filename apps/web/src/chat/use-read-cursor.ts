import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TChatMessage, TConversation } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { afterFirstScreen } from '../lib/first-screen';
import { useAuth } from '../auth/auth-context';
import { patchInboxAfterRead } from '../inbox/inbox-read';
import { threadKeys } from '../api/thread-api';

/**
 * The read cursor: moved only forward, and only while the page is visible (a background tab has
 * not "seen" anything; the newest message waits for the tab to come back). It starts where the
 * server says our cursor is, so opening a read chat sends nothing.
 */
export function useReadCursor(conversation: TConversation | undefined, selfAgentId: string) {
  const sent = useRef<{ conversationId: string; seq: number } | undefined>(undefined);
  const waiting = useRef<TChatMessage | undefined>(undefined);
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;

  const markRead = useCallback(
    (message: TChatMessage) => {
      if (!conversation) return;
      const conversationId = conversation.id;
      const floor =
        sent.current?.conversationId === conversationId
          ? sent.current.seq
          : (conversation.participants.find((p) => p.agentId === selfAgentId)?.lastReadSeq ?? 0);
      if (message.seq <= floor) return;
      if (document.visibilityState !== 'visible') {
        waiting.current = message;
        return;
      }
      sent.current = { conversationId, seq: message.seq };
      // A receipt is not part of the first screen: it goes once that is drawn.
      afterFirstScreen().then(() => chatApi.markRead(conversationId, message.id)).then(
        (answer) => {
          // The server answers with the cursor; anything else changes nothing here.
          const unread = answer?.cursor?.unreadCount;
          if (typeof unread === 'number') patchInboxAfterRead(queryClient, userId, conversationId, unread);
          // A thread read (decision 0026): its unread replies leave the Threads view and its badge.
          if (conversation.thread) void queryClient.invalidateQueries({ queryKey: threadKeys.followed(userId) });
        },
        () => {
          sent.current = { conversationId, seq: 0 }; // let the next visible message try again
        },
      );
    },
    [conversation, selfAgentId, queryClient, userId],
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && waiting.current) {
        const message = waiting.current;
        waiting.current = undefined;
        markRead(message);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  return markRead;
}
