import type { ReactNode } from 'react';
import type { TSeenAgent, TSeenStatus } from '@agentroom/shared';
import { ConversationContexts } from '../chat/conversation-context';
import { conversationMembers } from '../chat/conversation-members';
import type { ConversationActions, ConversationInfo, ConversationList, ConversationSession, ConversationStatus } from '../chat/conversation-slices';
import type { StreamingReply } from '../chat/stream-assembly';

/** Any part of a conversation, flat: what a component test sets; the rest is an empty, idle conversation. */
export type FakeConversationValues = Partial<
  ConversationInfo &
    ConversationStatus &
    ConversationList &
    ConversationActions & { streams: readonly StreamingReply[]; seenStatus: TSeenStatus; typingAgents: readonly TSeenAgent[] }
>;

const noop = () => {};
const later = async () => {};

/** For component tests: a conversation session made of the given values (no API, no socket). */
export function fakeConversation(values: FakeConversationValues = {}): ConversationSession {
  const selfId = values.selfId ?? '';
  const conversation = values.conversation;
  return {
    info: {
      selfId,
      conversation,
      // As the session does: members come with a multi-party conversation.
      members: 'members' in values ? values.members : conversationMembers(conversation, selfId),
      agent: values.agent,
      showModelHint: values.showModelHint ?? false,
    },
    status: {
      loadError: values.loadError,
      connection: values.connection ?? 'connected',
      offline: values.offline ?? false,
      socketError: values.socketError,
      sendError: values.sendError,
      agentOnline: values.agentOnline ?? null,
    },
    list: {
      messages: values.messages ?? [],
      hasMore: values.hasMore ?? false,
      hasNewer: values.hasNewer ?? false,
      historyRemoved: values.historyRemoved ?? false,
      loadingOlder: values.loadingOlder ?? false,
      loadingNewer: values.loadingNewer ?? false,
      focusMessageId: values.focusMessageId,
      listKey: values.listKey ?? 'latest',
    },
    streams: values.streams ?? [],
    seenStatus: values.seenStatus ?? {},
    typingAgents: values.typingAgents ?? [],
    actions: {
      retryLoad: values.retryLoad ?? noop,
      reconnect: values.reconnect ?? noop,
      send: values.send ?? later,
      edit: values.edit ?? later,
      react: values.react ?? noop,
      deleteMessage: values.deleteMessage ?? later,
      regenerate: values.regenerate ?? noop,
      stopReply: values.stopReply ?? noop,
      stopChain: values.stopChain ?? noop,
      markRead: values.markRead ?? noop,
      setTyping: values.setTyping ?? noop,
      loadOlder: values.loadOlder ?? later,
      loadNewer: values.loadNewer ?? later,
    },
  };
}

/** Renders `children` inside a fake conversation (see fakeConversation). */
export function FakeConversation({ values, children }: { values: FakeConversationValues; children: ReactNode }) {
  return <ConversationContexts session={fakeConversation(values)}>{children}</ConversationContexts>;
}
