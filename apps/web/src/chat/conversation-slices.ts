import type { TChatMessage, TConversation, TListMessage, TSeenAgent, TSeenStatus } from '@agentroom/shared';
import type { ConversationMembers } from './conversation-members';
import type { StreamingReply } from './stream-assembly';
import type { ConnectionState } from './use-chat-socket';

/**
 * One open conversation as its components read it, in slices by how often they change: a reply's
 * stream delta replaces `streams` and nothing else, so only what shows streams renders again (see
 * conversation-context.tsx). Every slice keeps its identity until something in it changes.
 */
export interface ConversationSession {
  info: ConversationInfo;
  status: ConversationStatus;
  list: ConversationList;
  /** AI replies being written, in the order they started. */
  streams: readonly StreamingReply[];
  /** messageId → who has read up to it (their read cursor sits there). */
  seenStatus: TSeenStatus;
  /** Who is typing, but not the agents already writing a reply (their streaming bubble says so). */
  typingAgents: readonly TSeenAgent[];
  actions: ConversationActions;
}

/** What the conversation is: known once it has loaded, then unchanged. */
export interface ConversationInfo {
  /** The reader's agent id. */
  selfId: string;
  conversation: TConversation | undefined;
  /**
   * Several people and AI agents (a room, see conversation-members.ts): AI senders are marked,
   * @mentions marked and offered, seen markers shown under every message. Undefined in a 1:1 chat.
   */
  members: ConversationMembers | undefined;
  /** A 1:1 chat: the other agent, who writes its streaming replies (in a room each reply names its own agent). */
  agent: TSeenAgent | undefined;
  /** The reader owns the AI agent's team: a 'no model' notice also says how to connect one. */
  showModelHint: boolean;
}

/** The conversation's connection and errors. */
export interface ConversationStatus {
  loadError: string | undefined;
  connection: ConnectionState;
  /** The browser says the network is gone: the chat says so and catches up when it is back. */
  offline: boolean;
  socketError: string | undefined;
  /** The last send's error, shown under the composer. */
  sendError: string | undefined;
  /** A 1:1 chat: whether the other agent is online (null: not known). */
  agentOnline: boolean | null;
}

/** The loaded window of messages. */
export interface ConversationList {
  messages: readonly TListMessage[];
  /** Older pages exist ('Load more messages'). */
  hasMore: boolean;
  /** The list is a window around an older message (opened from search): newer pages load on demand. */
  hasNewer: boolean;
  /** The team's retention removed older messages: the oldest one shown is not the conversation's first. */
  historyRemoved: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  /** The message the list opened at (a search hit), to scroll to and mark once. */
  focusMessageId: string | undefined;
  /** Changes whenever the list is replaced by another window: the list view starts over. */
  listKey: string;
}

/** How a message goes out besides its text and files. */
export interface SendOptions {
  /** A thread reply also posted in the thread's conversation ("Also send to #room"). */
  alsoSendToParent?: boolean;
}

/** What a reader can do in the conversation. Stable: a bubble holding them renders only for its message. */
export interface ConversationActions {
  retryLoad: () => void;
  reconnect: () => void;
  /** Rejects when the send failed: the text (and files) go back into the composer. */
  send: (content: string, files: readonly File[], options?: SendOptions) => Promise<void>;
  edit: (messageId: string, content: string) => Promise<void>;
  react: (messageId: string, emoji: string, reacted: boolean) => void;
  deleteMessage: (messageId: string) => Promise<void>;
  regenerate: (messageId: string) => void;
  stopReply: (streamId: string) => void;
  /** Rooms: stop every AI reply running or waiting and the chain of agents asking each other. */
  stopChain: () => void;
  /** The newest message from someone else that is on screen: the read cursor moves there. */
  markRead: (message: TChatMessage) => void;
  setTyping: (isTyping: boolean) => void;
  loadOlder: () => Promise<void>;
  loadNewer: () => Promise<void>;
}
