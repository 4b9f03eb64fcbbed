import { useCallback, useState } from 'react';
import type { TAgent, TChatMessage, TConversation, TListMessage, TSeenStatus } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useJumpTarget } from './use-jump-target';
import { useMessageActions } from './use-message-actions';
import type { StreamingReply } from './stream-assembly';
import { useChatSocket, type ConnectionState } from './use-chat-socket';
import { useConversationLoad, type OpenedConversation } from './use-conversation-load';
import { useMessageList } from './use-message-list';
import { useOutgoingMessages } from './use-outgoing-messages';
import { useReadCursor } from './use-read-cursor';
import { useReplyStreams } from './use-reply-streams';

export interface ChatSession {
  conversation: TConversation | undefined;
  loadError: string | undefined;
  retryLoad: () => void;
  messages: TListMessage[];
  hasMore: boolean;
  /** The list is a window around an older message (opened from search): newer pages load on demand. */
  hasNewer: boolean;
  loadNewer: () => Promise<void>;
  loadingNewer: boolean;
  /** The message the list opened at (a search hit), to scroll to and mark once. */
  focusMessageId: string | undefined;
  /** Changes whenever the list is replaced by another window: the list view starts over. */
  listKey: string;
  react: (messageId: string, emoji: string, reacted: boolean) => void;
  deleteMessage: (messageId: string) => Promise<void>;
  seenStatus: TSeenStatus;
  typingAgents: { id: string; firstName: string; lastName: string; avatarUrl: string }[];
  streams: StreamingReply[];
  connection: ConnectionState;
  /** The browser says the network is gone: the chat says so and catches up when it is back. */
  offline: boolean;
  socketError: string | undefined;
  reconnect: () => void;
  agentOnline: boolean | null;
  sendError: string | undefined;
  send: (content: string, files: readonly File[]) => Promise<void>;
  edit: (messageId: string, content: string) => Promise<void>;
  loadOlder: () => Promise<void>;
  loadingOlder: boolean;
  markRead: (message: TChatMessage) => void;
  setTyping: (isTyping: boolean) => void;
  stopReply: (streamId: string) => void;
  /** Rooms: stop every AI reply running or waiting and the chain of agents asking each other. */
  stopChain: () => void;
  regenerate: (messageId: string) => void;
}

/**
 * The chat of spec §4 with one agent (or, given `roomConversationId`, a room's conversation): load the conversation and page 1, then join its room on the
 * socket. After every (re)join, and whenever a reply stream shows a gap, it fills the gap: the
 * messages after the last confirmed seq, then the AI replies still being written.
 */
export function useChatSession(
  agent: TAgent | undefined,
  teamHandle: string | undefined,
  /** `opened`: the chat's single open call; `roomConversationId`: a room, read by its conversation id. */
  source: { opened?: OpenedConversation; roomConversationId?: string } = {},
): ChatSession {
  const { user } = useAuth();
  const selfAgentId = user?.agentId ?? '';
  const agentId = agent?.id;

  const jump = useJumpTarget();
  const load = useConversationLoad(agentId, teamHandle, selfAgentId, jump?.seq, jump?.key, {
    opened: source.opened,
    conversationId: source.roomConversationId,
  });
  const list = useMessageList(selfAgentId, load.loaded);
  const { conversation, dispatch } = list;
  const conversationId = conversation?.id;
  const replies = useReplyStreams(agentId, list.getMessages, list.state.messages);
  const outgoing = useOutgoingMessages(conversationId, agentId, dispatch);
  const actions = useMessageActions(selfAgentId, user, dispatch);
  const markRead = useReadCursor(conversation, selfAgentId);
  const [presence, setPresence] = useState<boolean>();
  const [joinError, setJoinError] = useState<string>();

  const { fillGap: fillMessageGap } = list;
  const { refreshActive } = replies;
  const fillGap = useCallback(
    async (id: string) => {
      try {
        await fillMessageGap(id);
        await refreshActive(id);
      } catch {
        // The next join tries again; the list keeps what it has.
      }
    },
    [fillMessageGap, refreshActive],
  );

  const socket = useChatSocket(conversationId, {
    onJoined: () => setJoinError(undefined),
    onJoinFailed: setJoinError,
    fillGap: (id) => void fillGap(id),
    onMessage: (message) => {
      dispatch({ type: 'received', message });
      replies.onStored(message);
    },
    onUpdated: (message) => dispatch({ type: 'updated', message }),
    onReaction: (event) => dispatch({ type: 'reaction', event }),
    onSeen: (event) => dispatch({ type: 'seen', event }),
    onTyping: (event) => dispatch({ type: 'typing', event }),
    onPresence: (event) => {
      if (event.agentId === agentId) setPresence(event.isOnline);
    },
    onStream: (event) => {
      if (conversationId) replies.onStreamEvent(event, () => fillGap(conversationId));
    },
  });

  // Opened at a search hit: the list shows that window until the reader leaves it for the newest messages.
  const [leftWindowOf, setLeftWindowOf] = useState<unknown>();
  const loaded = load.loaded;
  const inWindow = loaded?.aroundSeq !== undefined && leftWindowOf !== loaded;
  const focusMessageId = inWindow ? loaded.firstPage.messages.findLast((m) => m.seq <= loaded.aroundSeq!)?.id : undefined;
  const { jumpToLatest } = list;
  const { send: sendNow } = outgoing;
  const send = useCallback(
    async (content: string, files: readonly File[]) => {
      // A message sent from an older window goes below the newest ones: show those first.
      if (list.state.hasNewer) {
        try {
          await jumpToLatest();
          setLeftWindowOf(loaded);
        } catch {
          // The message is still sent; the newest ones come with 'Load newer messages'.
        }
      }
      await sendNow(content, files);
    },
    [list.state.hasNewer, jumpToLatest, loaded, sendNow],
  );

  const { stopChain: stopChainOf } = replies;
  const stopChain = useCallback(() => {
    if (conversationId) stopChainOf(conversationId);
  }, [conversationId, stopChainOf]);

  // An agent writing a reply shows its streaming bubble, not the typing dots as well.
  const streamingAgents = new Set(replies.streams.map((s) => s.agentId));

  return {
    conversation,
    loadError: load.loadError,
    retryLoad: load.retry,
    messages: list.state.messages,
    hasMore: list.state.hasMore,
    hasNewer: list.state.hasNewer,
    loadNewer: list.loadNewer,
    loadingNewer: list.loadingNewer,
    focusMessageId,
    listKey: `${jump?.key ?? 0}:${inWindow ? 'window' : 'latest'}`,
    react: actions.react,
    deleteMessage: actions.deleteMessage,
    seenStatus: list.seenStatus,
    typingAgents: Object.values(list.state.typing).filter((a) => !streamingAgents.has(a.id)),
    streams: replies.streams,
    connection: socket.connection,
    offline: !socket.online,
    socketError: joinError ?? socket.error,
    reconnect: socket.reconnect,
    agentOnline: presence ?? conversation?.otherAgent?.isOnline ?? agent?.isOnline ?? null,
    sendError: outgoing.sendError,
    send,
    edit: outgoing.edit,
    loadOlder: list.loadOlder,
    loadingOlder: list.loadingOlder,
    markRead,
    setTyping: socket.setTyping,
    stopReply: replies.stopReply,
    stopChain,
    regenerate: replies.regenerate,
  };
}
