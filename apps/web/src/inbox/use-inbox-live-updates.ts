import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SOCKET_EVENTS,
  type TChatMessage,
  type TConversation,
  type TConversationMessageEvent,
  type TMessageSeenEvent,
  type TPresenceEvent,
} from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useRealtime } from '../realtime/realtime-context';
import { withEditedMessage, withIncomingMessage, withPresence, withSeen } from './inbox-cache';
import { inboxKey } from './use-inbox';

type Conversations = readonly TConversation[];

/**
 * Patches the inbox from the app-wide socket. A new message reaches us as `conversation:message`
 * (through my agent room) or, for a conversation this socket has joined (the open chat), as
 * `message:received` instead: both count. Whatever cannot be patched — an unknown conversation, a
 * (re)connect or a resync after which events may be missing — is refetched.
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
      // A load or refetch in flight may have been answered before this message: ask again after it.
      if (!queryClient.getQueryData(key) || queryClient.isFetching({ queryKey: key }) > 0) return refetch();
      patch((list) => withIncomingMessage(list, message, selfAgentId));
    };

    const listeners = {
      // The first connect included: whatever was sent between the list's load and now was missed.
      connect: () => {
        if (queryClient.getQueryData(key)) refetch();
      },
      [SOCKET_EVENTS.resync]: refetch,
      [SOCKET_EVENTS.conversationMessage]: (event: TConversationMessageEvent) => onMessage(event.message),
      [SOCKET_EVENTS.messageReceived]: onMessage,
      [SOCKET_EVENTS.messageSeen]: (event: TMessageSeenEvent) => patch((list) => withSeen(list, event, selfAgentId)),
      [SOCKET_EVENTS.messageUpdated]: (message: TChatMessage) => patch((list) => withEditedMessage(list, message)),
      [SOCKET_EVENTS.presenceChanged]: (event: TPresenceEvent) => patch((list) => withPresence(list, event)),
    };
    for (const [event, listener] of Object.entries(listeners)) socket.on(event as 'connect', listener as () => void);
    return () => {
      for (const [event, listener] of Object.entries(listeners)) socket.off(event as 'connect', listener as () => void);
    };
  }, [socket, userId, selfAgentId, queryClient]);
}
