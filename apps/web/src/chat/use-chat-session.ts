import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CHAT_FALLBACKS,
  MESSAGE_PAGE_SIZE,
  chatListReducer,
  createChatListState,
  createPendingMessage,
  lastConfirmedSeq,
  seenStatusOf,
  type TAgent,
  type TChatMessage,
  type TChatSender,
  type TConversation,
  type TSeenStatus,
} from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useChatSocket, type ConnectionState } from './use-chat-socket';
import {
  applyActiveReplies,
  applyStreamEvent,
  streamIdOfMessage,
  withoutDone,
  withoutStored,
  type StreamState,
  type StreamingReply,
} from './stream-assembly';

const GAP_FILL_LIMIT = 200;

export interface ChatSession {
  conversation: TConversation | undefined;
  loadError: string | undefined;
  retryLoad: () => void;
  messages: ReturnType<typeof chatListReducer>['messages'];
  hasMore: boolean;
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
  regenerate: (messageId: string) => void;
}

/**
 * The chat of spec §4 for one agent: start the conversation, load page 1, then the socket (joined
 * to conversation:{id}); every change goes through the shared chatListReducer. After each (re)join
 * it fetches what it missed (`after=<lastConfirmedSeq>`) and the AI replies still being written.
 */
export function useChatSession(agent: TAgent | undefined, teamHandle: string | undefined): ChatSession {
  const { user } = useAuth();
  const selfAgentId = user?.agentId ?? '';
  const [state, dispatch] = useReducer(chatListReducer, selfAgentId, createChatListState);
  const stateRef = useRef(state);
  stateRef.current = state;
  // The ref is the truth (socket handlers read it synchronously); the state re-renders.
  const streamsRef = useRef<StreamState>({});
  const [streams, setStreamState] = useState<StreamState>({});
  const setStreams = useCallback((update: (current: StreamState) => StreamState) => {
    const next = update(streamsRef.current);
    if (next === streamsRef.current) return;
    streamsRef.current = next;
    setStreamState(next);
  }, []);
  const [conversation, setConversation] = useState<TConversation>();
  const [loadError, setLoadError] = useState<string>();
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [agentOnline, setAgentOnline] = useState<boolean | null>(agent?.isOnline ?? null);
  const [sendError, setSendError] = useState<string>();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const readSeq = useRef(0);
  const conversationId = conversation?.id;
  const agentId = agent?.id;

  // 1. Conversation, then page 1 (spec §4 order).
  useEffect(() => {
    if (!agentId) return;
    let cancelled = false;
    const scope = teamHandle
      ? ({ conversationType: 'team-scoped', isTeamScoped: true, teamHandle } as const)
      : ({ conversationType: 'personal', isTeamScoped: false } as const);
    (async () => {
      const started = await chatApi.start(agentId, scope);
      const page = await chatApi.messages(started.id, { page: 1, limit: MESSAGE_PAGE_SIZE });
      if (cancelled) return;
      readSeq.current = started.participants.find((p) => p.agentId === selfAgentId)?.lastReadSeq ?? 0;
      dispatch({ type: 'loaded', messages: page.messages, hasMore: page.pagination.hasMore, seenStatus: page.seenStatus });
      setAgentOnline(started.otherAgent.isOnline);
      setConversation(started);
    })().catch((error: unknown) => {
      if (!cancelled) setLoadError(errorMessage(error, CHAT_FALLBACKS.initializeConversation));
    });
    return () => {
      cancelled = true;
    };
  }, [agentId, teamHandle, selfAgentId, loadAttempt]);

  /** Everything newer than what we hold, then the AI replies in progress: run after every (re)join. */
  const catchUp = useCallback(async (id: string) => {
    try {
      for (;;) {
        const page = await chatApi.messages(id, { after: lastConfirmedSeq(stateRef.current), limit: GAP_FILL_LIMIT });
        dispatch({ type: 'gapFilled', messages: page.messages });
        stateRef.current = chatListReducer(stateRef.current, { type: 'gapFilled', messages: page.messages });
        for (const [messageId, agents] of Object.entries(page.seenStatus))
          for (const seenAgent of agents) dispatch({ type: 'seen', event: { agentId: seenAgent.id, messageId, agent: seenAgent } });
        if (!page.pagination.hasMore || page.messages.length === 0) break;
      }
      const replies = await chatApi.activeReplies(id);
      const stored = storedStreamIds(stateRef.current.messages);
      setStreams((current) => withoutStored(applyActiveReplies(current, replies), stored));
    } catch {
      // The next reconnect tries again; the list keeps what it has.
    }
  }, [setStreams]);

  const onStored = useCallback((message: TChatMessage) => {
    const streamId = streamIdOfMessage(message.clientMessageId);
    if (streamId) setStreams((current) => withoutStored(current, new Set([streamId])));
  }, [setStreams]);

  const [joinError, setJoinError] = useState<string>();
  const socket = useChatSocket(conversationId, {
    onJoined: (id) => {
      setJoinError(undefined);
      void catchUp(id);
    },
    onJoinFailed: setJoinError,
    onMessage: (message) => {
      dispatch({ type: 'received', message });
      onStored(message);
    },
    onUpdated: (message) => dispatch({ type: 'updated', message }),
    onSeen: (event) => dispatch({ type: 'seen', event }),
    onTyping: (event) => dispatch({ type: 'typing', event }),
    onPresence: (event) => {
      if (event.agentId === agentId) setAgentOnline(event.isOnline);
    },
    onStream: (event) => {
      const result = applyStreamEvent(streamsRef.current, event);
      setStreams(() => result.state);
      if (result.needsRefetch && conversationId) void catchUp(conversationId);
      if (event.done && conversationId) {
        const held = stateRef.current.messages.some((m) => streamIdOfMessage(m.clientMessageId) === event.streamId);
        if (held) setStreams((current) => withoutStored(current, new Set([event.streamId])));
        // The stored reply normally arrives first; if not, fetch it, then drop what finished without one.
        else void catchUp(conversationId).then(() => setStreams((current) => withoutDone(current)));
      }
    },
  });

  const selfSender = useMemo<TChatSender>(
    () => ({
      id: selfAgentId,
      firstName: user?.agent?.firstName ?? user?.firstName ?? '',
      lastName: user?.agent?.lastName ?? user?.lastName ?? '',
      role: 'user',
      avatarUrl: user?.agent?.avatarUrl ?? '',
      isAgent: false,
    }),
    [selfAgentId, user],
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
        const message = await chatApi.send(conversationId, {
          content,
          clientMessageId,
          targetAgentId: agentId,
          ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
        });
        dispatch({ type: 'sendConfirmed', clientMessageId, message });
      } catch (error) {
        dispatch({ type: 'sendFailed', clientMessageId });
        const text = errorMessage(error, CHAT_FALLBACKS.sendMessage);
        setSendError(text);
        toast.error(text);
        throw error;
      }
    },
    [conversationId, selfSender, agentId],
  );

  const edit = useCallback(async (messageId: string, content: string) => {
    try {
      dispatch({ type: 'updated', message: await chatApi.edit(messageId, content) });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to edit message'));
      throw error;
    }
  }, []);

  const loadOlder = useCallback(async () => {
    const oldest = stateRef.current.messages.find((m) => !m.pending);
    if (!conversationId || !oldest) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi.messages(conversationId, { before: oldest.id, limit: MESSAGE_PAGE_SIZE }, CHAT_FALLBACKS.loadMore);
      dispatch({ type: 'olderLoaded', messages: page.messages, hasMore: page.pagination.hasMore });
    } catch (error) {
      toast.error(errorMessage(error, CHAT_FALLBACKS.loadMore));
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId]);

  // Read cursor: only forward, only while the page is visible (a background tab has not "seen" anything).
  const waitingRead = useRef<TChatMessage | undefined>(undefined);
  const markRead = useCallback(
    (message: TChatMessage) => {
      if (!conversationId || message.seq <= readSeq.current) return;
      if (document.visibilityState !== 'visible') {
        waitingRead.current = message;
        return;
      }
      readSeq.current = message.seq;
      chatApi.markRead(conversationId, message.id).catch(() => {
        readSeq.current = 0; // let the next visible message try again
      });
    },
    [conversationId],
  );
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && waitingRead.current) {
        const message = waitingRead.current;
        waitingRead.current = undefined;
        markRead(message);
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const stopReply = useCallback((streamId: string) => {
    chatApi.stopReply(streamId).catch((error: unknown) => toast.error(errorMessage(error, 'Failed to stop the reply')));
  }, []);

  const regenerate = useCallback(
    (messageId: string) => {
      chatApi
        .regenerate(messageId)
        .then(({ streamId }) =>
          setStreams((current) =>
            current[streamId] || !agentId
              ? current
              : { ...current, [streamId]: { streamId, agentId, attempt: 0, text: '', done: false } },
          ),
        )
        .catch((error: unknown) => toast.error(errorMessage(error, 'Failed to regenerate the reply')));
    },
    [agentId, setStreams],
  );

  const stored = storedStreamIds(state.messages);
  const visibleStreams = Object.values(streams).filter((s) => !stored.has(s.streamId) && !(s.done && !s.text));
  const streamingAgents = new Set(visibleStreams.map((s) => s.agentId));
  const seenStatus = useMemo(() => seenStatusOf(state), [state]);

  return {
    conversation,
    loadError,
    retryLoad: () => {
      setLoadError(undefined);
      setLoadAttempt((n) => n + 1);
    },
    messages: state.messages,
    hasMore: state.hasMore,
    seenStatus,
    typingAgents: Object.values(state.typing).filter((a) => !streamingAgents.has(a.id)),
    streams: visibleStreams,
    connection: socket.connection,
    offline: !socket.online,
    socketError: joinError ?? socket.error,
    reconnect: socket.reconnect,
    agentOnline,
    sendError,
    send,
    edit,
    loadOlder,
    loadingOlder,
    markRead,
    setTyping: socket.setTyping,
    stopReply,
    regenerate,
  };
}

function storedStreamIds(messages: readonly TChatMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) {
    const id = streamIdOfMessage(m.clientMessageId);
    if (id) ids.add(id);
  }
  return ids;
}
