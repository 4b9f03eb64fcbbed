import { useCallback, useMemo } from 'react';
import { toast } from '../ui/toast';
import { t } from '../i18n';
import { CHAT_ACTION_ERRORS, streamIdOfAiReply, type TChatMessage, type TMessageStreamEvent } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import {
  applyActiveReplies,
  applyStreamEvent,
  storedStreamIds,
  visibleStreams,
  withoutDone,
  withoutStored,
  type StreamState,
  type StreamingReply,
} from './stream-assembly';
import { useSyncedState } from './use-synced-state';

const NO_STREAMS: readonly StreamingReply[] = [];

/**
 * AI replies being written, assembled from `message:stream` deltas (see stream-assembly). A reply
 * leaves once its stored message is in the list; `getMessages` tells which are.
 */
export function useReplyStreams(agentId: string | undefined, getMessages: () => readonly TChatMessage[], messages: readonly TChatMessage[]) {
  const [streams, update, getStreams] = useSyncedState<StreamState>(() => ({}));

  /** GET /replies: the replies still being written, with their text so far. Throws when it fails. */
  const refreshActive = useCallback(
    async (conversationId: string) => {
      const replies = await chatApi.activeReplies(conversationId);
      const stored = storedStreamIds(getMessages());
      update((current) => withoutStored(applyActiveReplies(current, replies), stored));
    },
    [getMessages, update],
  );

  /** A stored message arrived: the reply it finished stops streaming. */
  const onStored = useCallback(
    (message: TChatMessage) => {
      const streamId = streamIdOfAiReply(message.clientMessageId);
      if (streamId) update((current) => withoutStored(current, new Set([streamId])));
    },
    [update],
  );

  /** One delta. A gap in the text, or a reply done without its stored message, calls for `fillGap`. */
  const onStreamEvent = useCallback(
    (event: TMessageStreamEvent, fillGap: () => Promise<void>) => {
      const result = applyStreamEvent(getStreams(), event);
      update(() => result.state);
      if (result.needsRefetch) void fillGap();
      if (!event.done) return;
      if (storedStreamIds(getMessages()).has(event.streamId)) update((current) => withoutStored(current, new Set([event.streamId])));
      // The stored reply normally arrives first; if not, fetch it, then drop what finished without one.
      else void fillGap().then(() => update((current) => withoutDone(current)));
    },
    [getMessages, getStreams, update],
  );

  const stopReply = useCallback((streamId: string) => {
    chatApi.stopReply(streamId).catch((error: unknown) => toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.stopReply))));
  }, []);

  /** Rooms: stop every reply running or waiting, and the chain of agents asking each other. */
  const stopChain = useCallback((conversationId: string) => {
    chatApi.stopChain(conversationId).catch((error: unknown) => toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.stopChain))));
  }, []);

  const regenerate = useCallback(
    (messageId: string) => {
      chatApi
        .regenerate(messageId)
        .then(({ streamId }) =>
          update((current) =>
            current[streamId] || !agentId
              ? current
              : { ...current, [streamId]: { streamId, agentId, attempt: 0, text: '', done: false, replacesMessageId: messageId } },
          ),
        )
        .catch((error: unknown) => toast.error(t(errorMessage(error, CHAT_ACTION_ERRORS.regenerateReply))));
    },
    [agentId, update],
  );

  // None is always the same empty list: a new message does not look like a change of the streams.
  const visible = useMemo(() => {
    const shown = visibleStreams(streams, storedStreamIds(messages));
    return shown.length === 0 ? NO_STREAMS : shown;
  }, [streams, messages]);

  return { streams: visible, refreshActive, onStored, onStreamEvent, stopReply, stopChain, regenerate };
}
