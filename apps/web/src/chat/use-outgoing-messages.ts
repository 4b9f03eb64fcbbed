import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../ui/toast';
import { t } from '../i18n';
import {
  CHAT_ACTION_ERRORS,
  CHAT_FALLBACKS,
  createPendingMessage,
  type ChatListAction,
  type TChatMessage,
  type TChatSender,
  type TListMessage,
} from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage, isApiError } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useNetworkOnline } from '../realtime/network-status';
import { useRealtime } from '../realtime/realtime-context';
import type { AppSocket } from '../realtime/socket-client';
import type { SendOptions } from './conversation-slices';
import { addToOutbox, removeFromOutbox, updateOutbox, useOutbox, type OutboxEntry } from './outbox';
import { canSendOver, sendOverSocket } from './send-over-socket';

/**
 * Sending (a pending echo at once, replaced by the confirmed message or removed on
 * failure; attachments uploaded first) and editing our own messages. A send goes over the open
 * socket (`message:send`, decision 0013) when it is connected, and over HTTP when it is not, when
 * the ack does not come in time or says the way failed: with the same clientMessageId, so a message
 * the socket did store is not stored twice. Written offline, or lost on the way, a message waits in
 * the outbox (outbox.ts) and goes out with that same clientMessageId when the network is back.
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

  const userId = user?.agentId ?? '';
  const online = useNetworkOnline();

  /**
   * One try of an outbox entry: a pending echo in the open conversation, replaced by the stored
   * message. Refused by the server, the entry fails with its reason; lost on the way, it waits for
   * the network (offline) or offers Retry (online).
   */
  const deliver = useCallback(
    async (entry: OutboxEntry) => {
      const { clientMessageId, content, files, targetAgentId: target, alsoSendToParent } = entry;
      const here = entry.conversationId === conversationId;
      if (here) dispatch({ type: 'sendStarted', message: pendingEcho(entry, selfSender) });
      try {
        const message = await sendOnce(socket, entry.conversationId, { content, clientMessageId, targetAgentId: target, alsoSendToParent }, files);
        removeFromOutbox(userId, clientMessageId);
        if (here) dispatch({ type: 'sendConfirmed', clientMessageId, message });
      } catch (error) {
        if (here) dispatch({ type: 'sendFailed', clientMessageId });
        if (lostOnTheWay(error)) updateOutbox(userId, clientMessageId, { state: navigator.onLine === false ? 'waiting' : 'failed' });
        else updateOutbox(userId, clientMessageId, { state: 'failed', error: errorMessage(error, CHAT_FALLBACKS.sendMessage) });
      }
    },
    [conversationId, dispatch, selfSender, socket, userId],
  );

  // Whatever waits goes out once the network is there (again), oldest first. All of them are marked
  // 'sending' before the first goes, so the next run of this effect takes none of them again.
  const outbox = useOutbox(userId);
  useEffect(() => {
    if (!online) return;
    const waiting = outbox.filter((entry) => entry.state === 'waiting');
    if (waiting.length === 0) return;
    for (const entry of waiting) updateOutbox(userId, entry.clientMessageId, { state: 'sending', error: undefined });
    void (async () => {
      for (const entry of waiting) await deliver(entry);
    })();
  }, [online, outbox, deliver, userId]);

  const send = useCallback(
    async (content: string, files: readonly File[], options: SendOptions = {}) => {
      if (!conversationId) throw new Error(CHAT_FALLBACKS.sendMessage);
      const entry: OutboxEntry = { clientMessageId: crypto.randomUUID(), conversationId, content, targetAgentId, files, state: 'waiting' };
      if (options.alsoSendToParent) entry.alsoSendToParent = true;
      setSendError(undefined);
      // Offline: it waits in the outbox, under the composer, until the network is back.
      if (!online) {
        addToOutbox(userId, entry);
        return;
      }
      const { clientMessageId } = entry;
      dispatch({ type: 'sendStarted', message: pendingEcho(entry, selfSender) });
      try {
        const message = await sendOnce(socket, conversationId, { content, clientMessageId, targetAgentId, alsoSendToParent: entry.alsoSendToParent }, files);
        dispatch({ type: 'sendConfirmed', clientMessageId, message });
      } catch (error) {
        dispatch({ type: 'sendFailed', clientMessageId });
        // Lost on the way: the outbox keeps it (it goes again by itself, or offers Retry and Delete).
        if (lostOnTheWay(error)) {
          addToOutbox(userId, { ...entry, state: navigator.onLine === false ? 'waiting' : 'failed' });
          return;
        }
        // Refused: shown once, under the composer where the text came back (no toast on top of it).
        setSendError(errorMessage(error, CHAT_FALLBACKS.sendMessage));
        throw error;
      }
    },
    [conversationId, selfSender, targetAgentId, dispatch, socket, online, userId],
  );

  const edit = useCallback(
    async (messageId: string, content: string) => {
      try {
        dispatch({ type: 'updated', message: await chatApi.edit(messageId, content) });
      } catch (error) {
        toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.editMessage)));
        throw error;
      }
    },
    [dispatch],
  );

  return { send, edit, sendError };
}

/** Answers of a server or proxy that is away for a moment (not a failure of this message). */
const AWAY_FOR_A_MOMENT = new Set([502, 503, 504]);

/**
 * A failure that says nothing about the message: no answer, or a server away for a moment. The
 * outbox tries again with the same clientMessageId, which makes it safe.
 */
const lostOnTheWay = (error: unknown) => !isApiError(error) || error.status === 0 || AWAY_FOR_A_MOMENT.has(error.status);

function pendingEcho(entry: OutboxEntry, sender: TChatSender): TListMessage {
  const { conversationId, clientMessageId, content, files } = entry;
  const pending = createPendingMessage({ conversationId, clientMessageId, content, sender });
  pending.attachments = files.map((file, index) => ({ id: `${clientMessageId}:${index}`, filename: file.name, mime: file.type, size: file.size, url: '' }));
  return pending;
}

/**
 * One send: attachments uploaded first, then the message over the open socket (decision 0013) or,
 * when it is down or its ack is late, over HTTP with the same clientMessageId.
 */
async function sendOnce(
  socket: AppSocket | null,
  conversationId: string,
  { alsoSendToParent, ...message }: { content: string; clientMessageId: string; targetAgentId?: string; alsoSendToParent?: boolean },
  files: readonly File[],
): Promise<TChatMessage> {
  const attachmentIds = files.length > 0 ? (await chatApi.upload(conversationId, files)).map((a) => a.id) : [];
  // Sent only when set: outside a thread the server refuses `true`, and `false` is its default.
  const input = { ...message, ...(attachmentIds.length > 0 ? { attachmentIds } : {}), ...(alsoSendToParent ? { alsoSendToParent } : {}) };
  return (canSendOver(socket) ? await sendOverSocket(socket, { conversationId, ...input }) : undefined) ?? (await chatApi.send(conversationId, input));
}
