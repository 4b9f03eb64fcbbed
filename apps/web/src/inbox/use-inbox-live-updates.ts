import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS, type TChatMessage, type TConversation } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { newMessageListeners } from '../realtime/new-message-feed';
import { useRealtime } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';
import { withEditedMessage, withIncomingMessage, withPresence, withSeen } from './inbox-cache';
import { inboxKey } from './use-inbox';

type Conversations = readonly TConversation[];

/**
 * Patches the inbox from the app-wide socket: new messages (from the one feed, the open chat's
 * included), read cursors, edits and presence. Whatever cannot be patched — an unknown
 * conversation, a (re)connect or a resync after which events may be missing — is refetched.
 */
export function useInboxLiveUpdates() {
  const { socket } = useRealtime();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  const selfAgentId = user?.agentId;

  useEffect(() => {
    if (!socket || !userId || !selfAgentId) return;
    const key = inboxKey(userId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
    const patch = (update: (current: Conversations) => Conversations | undefined) => {
      const current = queryClient.getQueryData<Conversations>(key);
      if (!current) return;
      const next = update(current);
      if (next === undefined) return refetch();
      if (next !== current) queryClient.setQueryData(key, next);
    };
    const onMessage = (message: TChatMessage) => {
      // A thread reply is no news for the list (decision 0026): the Threads badge takes it.
      if (message.inThread) return;
      // A load or refetch in flight may have been answered before this message: ask again after it.
      if (!queryClient.getQueryData(key) || queryClient.isFetching({ queryKey: key }) > 0) return refetch();
      patch((list) => withIncomingMessage(list, message, selfAgentId));
    };

    return subscribe(socket, {
      // The first connect included: whatever was sent between the list's load and now was missed.
      connect: () => {
        if (queryClient.getQueryData(key)) refetch();
      },
      [SOCKET_EVENTS.resync]: refetch,
      ...newMessageListeners(onMessage),
      [SOCKET_EVENTS.messageSeen]: (event) => patch((list) => withSeen(list, event, selfAgentId)),
      [SOCKET_EVENTS.messageUpdated]: (message) => patch((list) => withEditedMessage(list, message)),
      [SOCKET_EVENTS.presenceChanged]: (event) => patch((list) => withPresence(list, event)),
    });
  }, [socket, userId, selfAgentId, queryClient]);
}
