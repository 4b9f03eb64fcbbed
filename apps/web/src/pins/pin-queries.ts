import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { SAVED_MESSAGES_PAGE_SIZE, SOCKET_EVENTS, type TPin, type TSavedMessagesResponse } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useRealtime } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';
import { t } from '../i18n';
import { toast } from '../ui/toast';
import { pinsApi } from './pins-api';
import { PIN_FALLBACKS } from './pin-texts';

/*
 * Pins are the conversation's (one query per conversation, refetched on `conversation:pins`), saved
 * messages the reader's own. A message carries neither mark (it is broadcast the same to everyone):
 * a bubble reads both from these queries.
 */

const pinsKey = (conversationId: string | undefined) => ['pins', conversationId] as const;
const savedKey = (userId: string | undefined) => ['saved', userId] as const;
const savedListKey = (userId: string | undefined) => [...savedKey(userId), 'list'] as const;
const savedIdsKey = (userId: string | undefined) => [...savedKey(userId), 'ids'] as const;

/**
 * How many of the newest saved messages a bubble knows as saved. Past them a bubble offers "Save"
 * for a message already saved, which saving again leaves as it is (the API's save is idempotent).
 */
const SAVED_IDS_KNOWN = 100;

const pinsQuery = (conversationId: string | undefined) => ({
  queryKey: pinsKey(conversationId),
  queryFn: () => pinsApi.pins(conversationId!),
  enabled: !!conversationId,
});

/** The conversation's pins, newest pinned first (none asked for without a conversation). */
export const usePins = (conversationId: string | undefined) => useQuery(pinsQuery(conversationId));

/**
 * Someone pinned or unpinned a message here: fetch the pins again (for everyone in the conversation,
 * whose socket joined its room); also when a pinned message changed. After a reconnect or a resync
 * events may have been lost: fetch too.
 */
export function usePinsLive(conversationId: string | undefined) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !conversationId) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: pinsKey(conversationId) });
    const isPinned = (messageId: string) => queryClient.getQueryData<TPin[]>(pinsKey(conversationId))?.some((pin) => pin.message.id === messageId) ?? false;
    return subscribe(socket, {
      [SOCKET_EVENTS.pinsChanged]: (event) => {
        if (event.conversationId === conversationId) refetch();
      },
      // A pinned message edited (its snippet) or deleted (no longer listed, nor counted) announces no pins change.
      [SOCKET_EVENTS.messageUpdated]: (message) => {
        if (message.conversationId === conversationId && isPinned(message.id)) refetch();
      },
      [SOCKET_EVENTS.resync]: refetch,
      connect: refetch,
    });
  }, [socket, conversationId, queryClient]);
}

/** Pin and unpin; a refusal (past the 50 pins of a conversation, say) is the API's text in a toast. */
export function usePinActions(conversationId: string | undefined) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ messageId, pin }: { messageId: string; pin: boolean }) => (pin ? pinsApi.pin(messageId) : pinsApi.unpin(messageId)),
    onSuccess: ({ pin }, { messageId }) => {
      // At once for the one who pinned; `conversation:pins` then brings everyone the list as stored.
      queryClient.setQueryData<TPin[]>(pinsKey(conversationId), (pins) => {
        const others = (pins ?? []).filter((p) => p.message.id !== messageId);
        return pin ? [pin, ...others] : others;
      });
    },
    onError: (error, { pin }) => toast.error(errorMessage(error, t(pin ? PIN_FALLBACKS.pin : PIN_FALLBACKS.unpin))),
  });
  return {
    pin: (messageId: string) => mutation.mutate({ messageId, pin: true }),
    unpin: (messageId: string) => mutation.mutate({ messageId, pin: false }),
    pending: mutation.isPending,
    /** The message being pinned or unpinned. */
    pendingId: mutation.isPending ? mutation.variables?.messageId : undefined,
  };
}

/**
 * The ids of the reader's newest SAVED_IDS_KNOWN saved messages (what marks a bubble as saved);
 * asked for only while `wanted` (a conversation with messages to mark).
 */
export function useSavedIds(wanted: boolean): string[] | undefined {
  const { user } = useAuth();
  return useQuery({
    queryKey: savedIdsKey(user?.id),
    queryFn: () => pinsApi.saved({ limit: SAVED_IDS_KNOWN }).then((page) => page.saved.map((s) => s.message.id)),
    enabled: !!user && wanted,
  }).data;
}

/** The reader's saved messages, newest saved first, a page at a time (the Saved page). */
export function useSavedMessages() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: savedListKey(user?.id),
    queryFn: ({ pageParam }) => pinsApi.saved({ limit: SAVED_MESSAGES_PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: !!user,
  });
}

/** Save and remove from saved: the bubbles' marks follow at once, the Saved page on its next look. */
export function useSaveActions() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ messageId, save }: { messageId: string; save: boolean }) => (save ? pinsApi.save(messageId) : pinsApi.unsave(messageId)),
    onSuccess: ({ saved }, { messageId }) => {
      queryClient.setQueryData<string[]>(savedIdsKey(user?.id), (ids) => {
        const others = (ids ?? []).filter((id) => id !== messageId);
        return saved ? [messageId, ...others] : others;
      });
      if (!saved)
        // Gone from the Saved page's pages at once (no refetch: the pages after it keep their cursors).
        queryClient.setQueryData<InfiniteData<TSavedMessagesResponse, string | undefined>>(savedListKey(user?.id), (data) =>
          data && { ...data, pages: data.pages.map((page) => ({ ...page, saved: page.saved.filter((s) => s.message.id !== messageId) })) },
        );
      else void queryClient.invalidateQueries({ queryKey: savedListKey(user?.id) });
    },
    onError: (error, { save }) => toast.error(errorMessage(error, t(save ? PIN_FALLBACKS.save : PIN_FALLBACKS.unsave))),
  });
  return {
    save: (messageId: string) => mutation.mutate({ messageId, save: true }),
    unsave: (messageId: string) => mutation.mutate({ messageId, save: false }),
    pending: mutation.isPending,
    /** The message being saved or removed from saved. */
    pendingId: mutation.isPending ? mutation.variables?.messageId : undefined,
  };
}
