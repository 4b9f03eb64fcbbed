import { useCallback, useMemo, useState } from 'react';
import { toast } from '../ui/toast';
import { CHAT_ACTION_ERRORS, CHAT_FALLBACKS, createPendingMessage, type ChatListAction, type TChatSender } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useRealtime } from '../realtime/realtime-context';
import { canSendOver, sendOverSocket } from './send-over-socket';

/**
 * Sending (a pending echo at once, replaced by the confirmed message or removed on
 * failure; attachments uploaded first) and editing our own messages. A send goes over the open
 * socket (`message:send`, decision 0013) when it is connected, and over HTTP when it is not, when
 * the ack does not come in time or says the way failed: with the same clientMessageId, so a message
 * the socket did store is not stored twice.
 */
export function useOutgoingMessages(
  conversationId: string | undefined,
  targetAgentId: string | undefined,
  dispatch: (action: ChatListAction) => void,
) {
  const { user } = useAuth();
  const { socket } = useRealtime();
  const [sendError, setSendError] = useState<string>();

  const selfSender = useMemo<TChatSender>(
    () => ({
      id: user?.agentId ?? '',
      firstName: user?.agent?.firstName ?? user?.firstName ?? '',
      lastName: user?.agent?.lastName ?? user?.lastName ?? '',
      role: 'user',
      avatarUrl: user?.agent?.avatarUrl ?? '',
      isAgent: false,
    }),
    [user],
  );

  const send = useCallback(
    async (content: string, files: readonly File[]) => {
      if (!conversationId) throw new Error(CHAT_FALLBACKS.sendMessage);
      const clientMessageId = crypto.randomUUID();
      const pending = createPendingMessage({ conversationId, clientMessageId, content, sender: selfSender });
      pending.attachments = files.map((file, index) => ({
        id: `${clientMessageId}:${index}`,
        filename: file.name,
        mime: file.type,
        size: file.size,
        url: '',
      }));
      setSendError(undefined);
      dispatch({ type: 'sendStarted', message: pending });
      try {
        const attachmentIds = files.length > 0 ? (await chatApi.upload(conversationId, files)).map((a) => a.id) : [];
        const input = { content, clientMessageId, targetAgentId, ...(attachmentIds.length > 0 ? { attachmentIds } : {}) };
        const message =
          (canSendOver(socket) ? await sendOverSocket(socket, { conversationId, ...input }) : undefined) ?? (await chatApi.send(conversationId, input));
        dispatch({ type: 'sendConfirmed', clientMessageId, message });
      } catch (error) {
        dispatch({ type: 'sendFailed', clientMessageId });
        // Shown once, under the composer where the text came back (no toast on top of it).
        setSendError(errorMessage(error, CHAT_FALLBACKS.sendMessage));
        throw error;
      }
    },
    [conversationId, selfSender, targetAgentId, dispatch, socket],
  );

  const edit = useCallback(
    async (messageId: string, content: string) => {
      try {
        dispatch({ type: 'updated', message: await chatApi.edit(messageId, content) });
      } catch (error) {
        toast.error(errorMessage(error, CHAT_ACTION_ERRORS.editMessage));
        throw error;
      }
    },
    [dispatch],
  );

  return { send, edit, sendError };
}
