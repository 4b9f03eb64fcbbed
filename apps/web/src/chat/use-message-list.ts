import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../ui/toast';
import { t } from '../i18n';
import {
  CHAT_FALLBACKS,
  MESSAGE_PAGE_SIZE,
  chatListReducer,
  createChatListState,
  lastConfirmedSeq,
  seenStatusOf,
  type ChatListAction,
  type ChatListState,
} from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import type { LoadedConversation } from './use-conversation-load';
import { useSyncedState } from './use-synced-state';

const GAP_FILL_LIMIT = 200;

interface SeededList {
  list: ChatListState;
  seededBy?: LoadedConversation;
}

const withList = (current: SeededList, list: ChatListState): SeededList => (list === current.list ? current : { ...current, list });

/**
 * The message list of one conversation. Every change, local or from the server, is an action of
 * the shared chatListReducer: this hook only fetches and dispatches.
 */
export function useMessageList(selfAgentId: string, loaded: LoadedConversation | undefined) {
  // The list remembers which load seeded it: the conversation is handed on only together with its
  // page 1, in the same update, so nothing joins or reads an empty list.
  const [synced, update, getSynced] = useSyncedState<SeededList>(() => ({ list: createChatListState(selfAgentId) }));
  const dispatch = useCallback(
    (action: ChatListAction) => update((current) => withList(current, chatListReducer(current.list, action))),
    [update],
  );
  const getState = useCallback(() => getSynced().list, [getSynced]);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    if (!loaded) return;
    const { messages, pagination, seenStatus } = loaded.firstPage;
    update((current) => ({
      list: chatListReducer(current.list, { type: 'loaded', messages, hasMore: pagination.hasMore, hasNewer: pagination.hasNewer, seenStatus }),
      seededBy: loaded,
    }));
  }, [loaded, update]);
  const state = synced.list;
  const conversation = loaded && synced.seededBy === loaded ? loaded.conversation : undefined;

  /**
   * Everything newer than the last confirmed message, page by page, with its seen markers. Throws when
   * a page fails. A window opened around an older message has no gap to fill: its newer side loads
   * as the reader scrolls down (loadNewer), and the live list resumes when it reaches the end.
   */
  const fillGap = useCallback(
    async (conversationId: string) => {
      if (getState().hasNewer) return;
      for (;;) {
        const page = await chatApi.messages(conversationId, { after: lastConfirmedSeq(getState()), limit: GAP_FILL_LIMIT });
        dispatch({ type: 'gapFilled', messages: page.messages });
        for (const [messageId, agents] of Object.entries(page.seenStatus))
          for (const agent of agents) dispatch({ type: 'seen', event: { agentId: agent.id, messageId, agent } });
        if (!page.pagination.hasMore || page.messages.length === 0) break;
      }
    },
    [dispatch, getState],
  );

  const conversationId = conversation?.id;
  const loadOlder = useCallback(async () => {
    const oldest = getState().messages.find((m) => !m.pending);
    if (!conversationId || !oldest) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi.messages(conversationId, { before: oldest.id, limit: MESSAGE_PAGE_SIZE }, CHAT_FALLBACKS.loadMore);
      dispatch({ type: 'olderLoaded', messages: page.messages, hasMore: page.pagination.hasMore });
    } catch (error) {
      toast.error(t(errorMessage(error, CHAT_FALLBACKS.loadMore)));
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, dispatch, getState]);

  const [loadingNewer, setLoadingNewer] = useState(false);
  /** The next page after the window's newest message; at the end, whatever arrived live meanwhile. */
  const loadNewer = useCallback(async () => {
    const newest = getState().messages.findLast((m) => !m.pending);
    if (!conversationId || !newest || !getState().hasNewer) return;
    setLoadingNewer(true);
    try {
      const page = await chatApi.messages(conversationId, { after: newest.seq, limit: MESSAGE_PAGE_SIZE }, CHAT_FALLBACKS.loadMore);
      dispatch({ type: 'newerLoaded', messages: page.messages, hasMore: page.pagination.hasMore });
      if (!page.pagination.hasMore) await fillGap(conversationId);
    } catch (error) {
      toast.error(t(errorMessage(error, CHAT_FALLBACKS.loadMore)));
    } finally {
      setLoadingNewer(false);
    }
  }, [conversationId, dispatch, fillGap, getState]);

  /** Leaves a window around an older message for the newest page (before sending, say). */
  const jumpToLatest = useCallback(async () => {
    if (!conversationId || !getState().hasNewer) return;
    const page = await chatApi.messages(conversationId, { page: 1, limit: MESSAGE_PAGE_SIZE });
    dispatch({ type: 'loaded', messages: page.messages, hasMore: page.pagination.hasMore, seenStatus: page.seenStatus });
  }, [conversationId, dispatch, getState]);

  // From the read cursors alone: a typing event or a new message leaves the seen markers as they are.
  const { seen } = state;
  const seenStatus = useMemo(() => seenStatusOf({ ...createChatListState(selfAgentId), seen }), [seen, selfAgentId]);
  const getMessages = useCallback(() => getState().messages, [getState]);

  return { conversation, state, seenStatus, dispatch, getMessages, fillGap, loadOlder, loadingOlder, loadNewer, loadingNewer, jumpToLatest };
}
