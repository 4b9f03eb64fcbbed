import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../ui/toast';
import { t } from '../i18n';
import {
  CHAT_FALLBACKS,
  MESSAGE_PAGE_SIZE,
  chatListReducer,
  createChatListState,
  hasSeqGap,
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
 * One gap-fill at a time. A request while one runs waits for it and then runs once for all that
 * asked meanwhile (the running one may have been answered before what they saw was stored). A
 * request `ifGap` (a live message skipped a seq) runs only if the list still has a gap by then.
 */
function serialFills(fill: (conversationId: string) => Promise<void>, hasGap: () => boolean) {
  let running: Promise<void> | undefined;
  let queued: { conversationId: string; always: boolean; done: Promise<void> } | undefined;
  const start = (conversationId: string) => {
    const run = fill(conversationId).finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return (conversationId: string, mode: 'always' | 'ifGap'): Promise<void> => {
    const always = mode === 'always';
    if (!running && !queued) return always || hasGap() ? start(conversationId) : Promise.resolve();
    if (queued?.conversationId === conversationId) {
      queued.always ||= always;
      return queued.done;
    }
    const entry = { conversationId, always, done: Promise.resolve() };
    entry.done = (queued?.done ?? running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        if (queued === entry) queued = undefined;
        return entry.always || hasGap() ? start(entry.conversationId) : undefined;
      });
    queued = entry;
    return entry.done;
  };
}

/**
 * The message list of one conversation. Every change, local or from the server, is an action of
 * the shared chatListReducer: this hook only fetches and dispatches.
 */
export function useMessageList(selfAgentId: string, loaded: LoadedConversation | undefined) {
  // The list remembers which load seeded it: the conversation is handed on only together with its
  // page 1, in the same update, so nothing joins or reads an empty list.
  const [synced, update, getSynced] = useSyncedState<SeededList>(() => ({ list: createChatListState(selfAgentId) }));
  const apply = useCallback(
    (action: ChatListAction) => update((current) => withList(current, chatListReducer(current.list, action))),
    [update],
  );
  const getState = useCallback(() => getSynced().list, [getSynced]);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    if (!loaded) return;
    const { messages, pagination, seenStatus } = loaded.firstPage;
    const removedThroughSeq = loaded.conversation.removedThroughSeq ?? 0;
    update((current) => ({
      list: chatListReducer(current.list, { type: 'loaded', messages, hasMore: pagination.hasMore, hasNewer: pagination.hasNewer, seenStatus, removedThroughSeq }),
      seededBy: loaded,
    }));
  }, [loaded, update]);
  const state = synced.list;
  const conversation = loaded && synced.seededBy === loaded ? loaded.conversation : undefined;

  /**
   * Everything after the seq up to which the list is whole, page by page, with its seen markers.
   * Throws when a page fails. A window opened around an older message has no gap to fill: its newer
   * side loads as the reader scrolls down (loadNewer), and the live list resumes when it reaches the end.
   */
  const fillPages = useCallback(
    async (conversationId: string) => {
      // Pages of a conversation the list no longer shows are not merged into it.
      const stillShown = () => getSynced().seededBy?.conversation.id === conversationId;
      if (getState().hasNewer) return;
      for (;;) {
        const page = await chatApi.messages(conversationId, { after: getState().syncedSeq, limit: GAP_FILL_LIMIT });
        if (!stillShown()) return;
        apply({ type: 'gapFilled', messages: page.messages });
        for (const [messageId, agents] of Object.entries(page.seenStatus))
          for (const agent of agents) apply({ type: 'seen', event: { agentId: agent.id, messageId, agent } });
        if (!page.pagination.hasMore || page.messages.length === 0) break;
      }
    },
    [apply, getState, getSynced],
  );
  const requestFill = useMemo(() => serialFills(fillPages, () => hasSeqGap(getState())), [fillPages, getState]);
  /** After a (re)join, a resync, a reply stream's gap: fetch what may be missing (one fill at a time). */
  const fillGap = useCallback((conversationId: string) => requestFill(conversationId, 'always'), [requestFill]);

  /**
   * Every change goes through the reducer; a message that lands beyond one the list never got (its
   * event was lost on the way) fetches the missing ones at once, rather than at the next resync.
   */
  const dispatch = useCallback(
    (action: ChatListAction) => {
      apply(action);
      if (action.type !== 'received' && action.type !== 'sendConfirmed') return;
      const conversationId = getSynced().seededBy?.conversation.id;
      // A failed fill leaves the gap for the next message, resync or re-join to try again.
      if (conversationId && hasSeqGap(getState())) requestFill(conversationId, 'ifGap').catch(() => undefined);
    },
    [apply, getState, getSynced, requestFill],
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
