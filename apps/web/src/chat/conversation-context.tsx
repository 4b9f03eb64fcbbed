import { createContext, use, useMemo, type Context, type ReactNode } from 'react';
import type { TListMessage, TSeenAgent, TSeenStatus } from '@agentroom/shared';
import type { ConversationActions, ConversationInfo, ConversationList, ConversationSession, ConversationStatus } from './conversation-slices';
import type { ConversationSource } from './conversation-source';
import type { StreamingReply } from './stream-assembly';
import type { ConnectionState } from './use-chat-socket';
import { useConversationSession } from './use-conversation-session';

/*
 * One context per slice of the conversation (conversation-slices.ts), not one for the whole: React
 * renders every reader of a context whose value changed, so a stream delta wakes the readers of
 * the streams (the list, the streaming bubbles, 'Stop all replies') and no message bubble.
 */
const InfoContext = createContext<ConversationInfo | null>(null);
const StatusContext = createContext<ConversationStatus | null>(null);
const ListContext = createContext<ConversationList | null>(null);
const StreamsContext = createContext<readonly StreamingReply[] | null>(null);
const SeenContext = createContext<TSeenStatus | null>(null);
const TypingContext = createContext<readonly TSeenAgent[] | null>(null);
const ActionsContext = createContext<ConversationActions | null>(null);

function useSlice<T>(context: Context<T | null>): T {
  const value = use(context);
  if (value === null) throw new Error('A conversation component is rendered outside a ConversationProvider');
  return value;
}

/**
 * Opens the conversation of `source` for the components below: they read it through the hooks of
 * conversation-context.tsx. The session's state lives here; what is passed in as children is not
 * rendered again when it changes, only the readers of the slices that did.
 */
export function ConversationProvider({ source, children }: { source: ConversationSource; children: ReactNode }) {
  return <ConversationContexts session={useConversationSession(source)}>{children}</ConversationContexts>;
}

/** Hands a conversation's slices to the components below (ConversationProvider makes them from a source; tests, from values). */
export function ConversationContexts({ session, children }: { session: ConversationSession; children: ReactNode }) {
  return (
    <InfoContext value={session.info}>
      <StatusContext value={session.status}>
        <ActionsContext value={session.actions}>
          <ListContext value={session.list}>
            <StreamsContext value={session.streams}>
              <SeenContext value={session.seenStatus}>
                <TypingContext value={session.typingAgents}>{children}</TypingContext>
              </SeenContext>
            </StreamsContext>
          </ListContext>
        </ActionsContext>
      </StatusContext>
    </InfoContext>
  );
}

export const useConversationInfo = () => useSlice(InfoContext);
export const useConversationStatus = () => useSlice(StatusContext);
export const useConversationList = () => useSlice(ListContext);
export const useStreamingReplies = () => useSlice(StreamsContext);
export const useTypingAgents = () => useSlice(TypingContext);
export const useConversationActions = () => useSlice(ActionsContext);

/** The connection a header shows: none until the conversation has loaded. */
export function useShownConnection(): ConnectionState {
  const { conversation } = useConversationInfo();
  const { connection } = useConversationStatus();
  return conversation ? connection : 'disconnected';
}

const NO_ONE: readonly TSeenAgent[] = [];

/** Whose read cursor sits at this message, minus its own sender (a cursor on one's own message says nothing). */
export function useSeenBy(message: TListMessage): readonly TSeenAgent[] {
  const agents = useSlice(SeenContext)[message.id];
  const senderId = message.sender.id;
  return useMemo(() => (agents ? agents.filter((seen) => seen.id !== senderId) : NO_ONE), [agents, senderId]);
}
