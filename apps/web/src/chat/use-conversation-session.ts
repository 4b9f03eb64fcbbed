import { useCallback, useMemo, useState } from 'react';
import type { TSeenAgent } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { useOwnsTeam } from '../teams/use-my-teams';
import { conversationMembers } from './conversation-members';
import type { ConversationActions, ConversationSession } from './conversation-slices';
import type { ConversationSource } from './conversation-source';
import { useJumpTarget, type JumpTarget } from './use-jump-target';
import { useMessageActions } from './use-message-actions';
import { useChatSocket } from './use-chat-socket';
import { useConversationLoad, type LoadedConversation } from './use-conversation-load';
import { useMessageList } from './use-message-list';
import { useOutgoingMessages } from './use-outgoing-messages';
import { useReadCursor } from './use-read-cursor';
import { useReplyStreams } from './use-reply-streams';

type MessageList = ReturnType<typeof useMessageList>;
type ReplyStreams = ReturnType<typeof useReplyStreams>;

/**
 * Joins the conversation on the socket and keeps the list current. After every (re)join, and
 * whenever a reply stream shows a gap, it fills the gap: the messages after the last confirmed seq,
 * then the AI replies still being written.
 */
function useLiveUpdates(conversationId: string | undefined, agentId: string | undefined, list: MessageList, replies: ReplyStreams) {
  const [presence, setPresence] = useState<boolean>();
  const [joinError, setJoinError] = useState<string>();
  const { fillGap: fillMessageGap, dispatch, getMessages } = list;
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
    // A thread got a reply: its root's summary (count, latest time, repliers) changes in place.
    onThreadUpdated: ({ rootMessageId, thread }) => {
      const root = getMessages().find((m) => m.id === rootMessageId);
      if (root) dispatch({ type: 'updated', message: { ...root, thread } });
    },
    onRemoved: ({ messageIds, throughSeq }) => dispatch({ type: 'removed', messageIds, throughSeq }),
    onSeen: (event) => dispatch({ type: 'seen', event }),
    onTyping: (event) => dispatch({ type: 'typing', event }),
    onPresence: (event) => {
      if (event.agentId === agentId) setPresence(event.isOnline);
    },
    onStream: (event) => {
      if (conversationId) replies.onStreamEvent(event, () => fillGap(conversationId));
    },
  });
  return { socket, presence, joinError };
}

/**
 * Opened at a search hit, the list shows that window around the hit until the reader leaves it for
 * the newest messages; a message sent from the window first brings the newest ones in.
 */
function useSearchWindow(loaded: LoadedConversation | undefined, jump: JumpTarget | undefined, list: MessageList, sendNow: ConversationActions['send']) {
  const [leftWindowOf, setLeftWindowOf] = useState<unknown>();
  const inWindow = loaded?.aroundSeq !== undefined && leftWindowOf !== loaded;
  const focusMessageId = inWindow ? loaded.firstPage.messages.findLast((m) => m.seq <= loaded.aroundSeq!)?.id : undefined;
  const { jumpToLatest } = list;
  const hasNewer = list.state.hasNewer;
  const send = useCallback<ConversationActions['send']>(
    async (content, files, options) => {
      // A message sent from an older window goes below the newest ones: show those first.
      if (hasNewer) {
        try {
          await jumpToLatest();
          setLeftWindowOf(loaded);
        } catch {
          // The message is still sent; the newest ones come with 'Load newer messages'.
        }
      }
      await sendNow(content, files, options);
    },
    [hasNewer, jumpToLatest, loaded, sendNow],
  );
  return { send, focusMessageId, listKey: `${jump?.key ?? 0}:${inWindow ? 'window' : 'latest'}` };
}

/** Agents typing, minus those writing a reply: their streaming bubble shows it, not the dots as well. */
function useTypingNotStreaming(typing: MessageList['state']['typing'], replies: ReplyStreams): readonly TSeenAgent[] {
  const { streams } = replies;
  return useMemo(() => {
    const streamingAgents = new Set(streams.map((s) => s.agentId));
    return Object.values(typing).filter((a) => !streamingAgents.has(a.id));
  }, [typing, streams]);
}

/**
 * One conversation from its source (see conversation-source.ts): load the conversation and page 1,
 * then join it on the socket and keep it current; the result in slices (conversation-slices.ts).
 */
export function useConversationSession(source: ConversationSource): ConversationSession {
  const { user } = useAuth();
  const selfId = user?.agentId ?? '';
  const agent = source.kind === 'direct' ? source.agent : undefined;
  const agentId = agent?.id;

  const jump = useJumpTarget(source.kind === 'thread');
  const load = useConversationLoad(agentId, source.teamHandle, selfId, jump?.seq, jump?.key, {
    opened: source.kind === 'direct' ? source.opened : undefined,
    conversationId: source.kind === 'direct' ? undefined : source.conversationId,
  });
  const list = useMessageList(selfId, load.loaded);
  const { conversation, dispatch } = list;
  const conversationId = conversation?.id;
  const replies = useReplyStreams(agentId, list.getMessages, list.state.messages);
  const outgoing = useOutgoingMessages(conversationId, agentId, dispatch);
  const messageActions = useMessageActions(selfId, user, dispatch);
  const markRead = useReadCursor(conversation, selfId);
  const live = useLiveUpdates(conversationId, agentId, list, replies);
  const searchWindow = useSearchWindow(load.loaded, jump, list, outgoing.send);
  // An AI agent without a model: only its team's owners are told how to connect one.
  const showModelHint = useOwnsTeam(agent?.isHuman === false ? agent.ownerTeamId : null);

  const info = useMemo(
    () => ({
      selfId,
      conversation,
      members: conversationMembers(conversation, selfId),
      agent: agent && { id: agent.id, firstName: agent.firstName, lastName: agent.lastName, avatarUrl: agent.avatarUrl },
      showModelHint,
    }),
    [selfId, conversation, agent, showModelHint],
  );

  const { socket, presence, joinError } = live;
  const status = useMemo(
    () => ({
      loadError: load.loadError,
      connection: socket.connection,
      offline: !socket.online,
      socketError: joinError ?? socket.error,
      sendError: outgoing.sendError,
      agentOnline: presence ?? conversation?.otherAgent?.isOnline ?? agent?.isOnline ?? null,
    }),
    [load.loadError, socket.connection, socket.online, socket.error, joinError, outgoing.sendError, presence, conversation, agent],
  );

  const { messages, hasMore, hasNewer, removedThroughSeq } = list.state;
  const historyRemoved = removedThroughSeq > 0;
  const { loadingOlder, loadingNewer } = list;
  const { focusMessageId, listKey } = searchWindow;
  const listSlice = useMemo(
    () => ({ messages, hasMore, hasNewer, historyRemoved, loadingOlder, loadingNewer, focusMessageId, listKey }),
    [messages, hasMore, hasNewer, historyRemoved, loadingOlder, loadingNewer, focusMessageId, listKey],
  );

  const { stopChain: stopChainOf } = replies;
  const stopChain = useCallback(() => {
    if (conversationId) stopChainOf(conversationId);
  }, [conversationId, stopChainOf]);
  const { retry: retryLoad } = load;
  const { reconnect, setTyping } = socket;
  const { edit } = outgoing;
  const { react, deleteMessage } = messageActions;
  const { regenerate, stopReply } = replies;
  const { loadOlder, loadNewer } = list;
  const { send } = searchWindow;
  const actions = useMemo<ConversationActions>(
    () => ({ retryLoad, reconnect, send, edit, react, deleteMessage, regenerate, stopReply, stopChain, markRead, setTyping, loadOlder, loadNewer }),
    [retryLoad, reconnect, send, edit, react, deleteMessage, regenerate, stopReply, stopChain, markRead, setTyping, loadOlder, loadNewer],
  );

  const typingAgents = useTypingNotStreaming(list.state.typing, replies);
  return { info, status, list: listSlice, streams: replies.streams, seenStatus: list.seenStatus, typingAgents, actions };
}
