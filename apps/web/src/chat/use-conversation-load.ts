import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHAT_FALLBACKS, MESSAGE_PAGE_SIZE, type TConversation, type TMessagePage, type TStartConversationRequest } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';

export interface LoadedConversation {
  conversation: TConversation;
  firstPage: TMessagePage;
  /** Opened at this seq (a search hit): the page holds it with its neighbours, not the newest messages. */
  aroundSeq?: number;
}

const scopeOf = (teamHandle: string | undefined): TStartConversationRequest =>
  teamHandle
    ? { conversationType: 'team-scoped', isTeamScoped: true, teamHandle }
    : { conversationType: 'personal', isTeamScoped: false };

/**
 * The conversation and page 1 from POST /chat/open: `'pending'` while it is on its way, `undefined`
 * when it failed (the separate calls below take over and show their own states).
 */
export type OpenedConversation = LoadedConversation | 'pending' | undefined;

/**
 * In this order: start (or find) the conversation with the agent (a room's: read it by id), then its page 1 (or, with
 * `aroundSeq`, the page around that message). Page 1 normally comes with the chat's single open
 * call (`opened`); a jump, or an open that failed, loads here. Loaded once per visit: from then on
 * the socket and the gap-fill keep the list current, and a refetch would throw the older pages
 * away, so nothing refetches it but `retry` or another `aroundSeq`.
 */
export function useConversationLoad(
  agentId: string | undefined,
  teamHandle: string | undefined,
  selfAgentId: string,
  aroundSeq?: number,
  /** Changes with every jump, so opening the same hit again loads (and scrolls) again. */
  jumpKey?: number,
  { opened, conversationId }: { opened?: OpenedConversation; /** A room: its conversation id, instead of an agent to start a 1:1 conversation with. */ conversationId?: string } = {},
) {
  const fromOpen = aroundSeq === undefined && opened !== undefined;
  const query = useQuery({
    queryKey: ['chat', 'conversation', selfAgentId, conversationId ?? agentId, teamHandle ?? null, aroundSeq ?? null, jumpKey ?? null],
    queryFn: async (): Promise<LoadedConversation> => {
      const conversation = conversationId ? await chatApi.conversation(conversationId) : await chatApi.start(agentId!, scopeOf(teamHandle));
      if (aroundSeq !== undefined) {
        const firstPage = await chatApi.messages(conversation.id, { around: aroundSeq, limit: MESSAGE_PAGE_SIZE });
        return { conversation, firstPage, aroundSeq };
      }
      const firstPage = await chatApi.messages(conversation.id, { page: 1, limit: MESSAGE_PAGE_SIZE });
      return { conversation, firstPage };
    },
    enabled: !!(conversationId ?? agentId) && !fromOpen,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const failed = !fromOpen && query.isError && !query.isFetching;
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    loaded: fromOpen ? (opened === 'pending' ? undefined : opened) : query.data,
    loadError: failed ? errorMessage(query.error, CHAT_FALLBACKS.initializeConversation) : undefined,
    retry,
  };
}
