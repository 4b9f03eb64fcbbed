import { PENDING_MATCH_WINDOW_MS } from '../constants';
import type { TMessageReactionEvent, TMessageSeenEvent, TTypingEvent } from '../events';
import { applyReaction } from './reactions';
import type { TChatMessage, TChatSender, TSeenAgent, TSeenStatus } from '../schemas/chat';

/** A message as the list holds it: the server's copy, or a local echo still waiting (`pending`, `confirmed`). */
export interface TListMessage extends TChatMessage {
  pending?: boolean;
  confirmed?: boolean;
}

export interface ChatListState {
  selfAgentId: string;
  /** Timestamp order, then seq; pending local echoes sort after confirmed messages of the same instant. */
  messages: TListMessage[];
  hasMore: boolean;
  /**
   * The list is a window opened around an older message (a search hit): newer messages exist that
   * it does not hold. Live messages wait until the window reaches the newest one again.
   */
  hasNewer: boolean;
  /**
   * The list holds every message from its oldest up to this seq (seq is gap-free per conversation):
   * set by a load, raised by a gap-fill's pages and by each next message in a row. A confirmed
   * message beyond it means some before it never arrived (`hasSeqGap`); gap-fill asks `after=` it.
   * Messages removed by retention (the oldest) leave it where it is: a gap at the start is no gap.
   */
  syncedSeq: number;
  /**
   * Retention removed the conversation's messages up to this seq (0: none were): once the list holds
   * its oldest message, the reader is told that older ones are gone rather than that this is the start.
   */
  removedThroughSeq: number;
  /** agentId → where that agent's read cursor sits (one message per agent). */
  seen: Record<string, { messageId: string; agent: TSeenAgent }>;
  /** agentId → the agent currently typing. */
  typing: Record<string, TSeenAgent>;
}

export type ChatListAction =
  | { type: 'loaded'; messages: readonly unknown[]; hasMore: boolean; hasNewer?: boolean; seenStatus?: TSeenStatus; removedThroughSeq?: number }
  | { type: 'olderLoaded'; messages: readonly unknown[]; hasMore: boolean }
  | { type: 'newerLoaded'; messages: readonly unknown[]; hasMore: boolean }
  | { type: 'gapFilled'; messages: readonly unknown[] }
  | { type: 'sendStarted'; message: TListMessage }
  | { type: 'sendConfirmed'; clientMessageId: string; message: unknown }
  | { type: 'sendFailed'; clientMessageId: string }
  | { type: 'received'; message: unknown }
  | { type: 'updated'; message: unknown }
  | { type: 'reaction'; event: Pick<TMessageReactionEvent, 'messageId' | 'emoji' | 'agent' | 'reacted'> }
  | { type: 'seen'; event: Pick<TMessageSeenEvent, 'agentId' | 'messageId' | 'agent'> }
  | { type: 'typing'; event: Pick<TTypingEvent, 'agentId' | 'agent' | 'isTyping'> }
  /** Messages gone for everyone (retention removed them): out of the list, with nothing in their place. */
  | { type: 'removed'; messageIds: readonly string[]; throughSeq?: number };

export function createChatListState(selfAgentId: string): ChatListState {
  return { selfAgentId, messages: [], hasMore: false, hasNewer: false, syncedSeq: 0, removedThroughSeq: 0, seen: {}, typing: {} };
}

const PENDING_SEQ = Number.MAX_SAFE_INTEGER;

/** A local echo shown at once while the send is in flight; its id is the clientMessageId until confirmed. */
export function createPendingMessage(input: {
  conversationId: string;
  clientMessageId: string;
  content: string;
  sender: TChatSender;
  now?: Date;
}): TListMessage {
  return {
    id: input.clientMessageId,
    conversationId: input.conversationId,
    seq: PENDING_SEQ,
    content: input.content,
    timestamp: (input.now ?? new Date()).toISOString(),
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId: input.clientMessageId,
    sender: input.sender,
    attachments: [],
    pending: true,
  };
}

/** Messages lacking id, sender or content are discarded. */
export function isUsableMessage(value: unknown): value is TChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<TChatMessage>;
  return (
    typeof m.id === 'string' &&
    m.id.length > 0 &&
    typeof m.content === 'string' &&
    typeof m.sender === 'object' &&
    m.sender !== null &&
    typeof m.sender.id === 'string' &&
    typeof m.timestamp === 'string' &&
    !Number.isNaN(Date.parse(m.timestamp))
  );
}

function compareMessages(a: TListMessage, b: TListMessage): number {
  return Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.seq - b.seq;
}

function sorted(messages: TListMessage[]): TListMessage[] {
  return [...messages].sort(compareMessages);
}

/** The pending echo this server message stands for: same clientMessageId, else same sender and content within 5 s. */
function findPendingMatch(messages: readonly TListMessage[], incoming: TChatMessage): number {
  const byClientId = messages.findIndex(
    (m) => m.pending && incoming.clientMessageId !== null && m.clientMessageId === incoming.clientMessageId,
  );
  if (byClientId !== -1) return byClientId;
  const at = Date.parse(incoming.timestamp);
  return messages.findIndex(
    (m) =>
      m.pending &&
      m.sender.id === incoming.sender.id &&
      m.content === incoming.content &&
      Math.abs(Date.parse(m.timestamp) - at) <= PENDING_MATCH_WINDOW_MS,
  );
}

/** Adds server messages: duplicates by id ignored, matching pending echoes replaced, order kept. */
function mergeMessages(current: readonly TListMessage[], incoming: readonly unknown[]): TListMessage[] {
  const list = [...current];
  const ids = new Set(list.map((m) => m.id));
  let changed = false;
  for (const candidate of incoming) {
    if (!isUsableMessage(candidate) || ids.has(candidate.id)) continue;
    const pendingIndex = findPendingMatch(list, candidate);
    if (pendingIndex !== -1) list.splice(pendingIndex, 1);
    list.push({ ...candidate, confirmed: true });
    ids.add(candidate.id);
    changed = true;
  }
  return changed ? sorted(list) : (current as TListMessage[]);
}

/** The newest seq of these server messages (0 for none). */
function newestSeq(messages: readonly unknown[]): number {
  let max = 0;
  for (const m of messages) if (isUsableMessage(m) && typeof m.seq === 'number' && m.seq > max) max = m.seq;
  return max;
}

/** `from`, raised over the seqs the list holds in a row after it (pending echoes have none yet). */
function syncedThrough(from: number, messages: readonly TListMessage[]): number {
  const held = new Set<number>();
  for (const m of messages) if (!m.pending && m.seq > from) held.add(m.seq);
  let seq = from;
  while (held.has(seq + 1)) seq += 1;
  return seq;
}

/**
 * A page that holds everything after what the list had (`after=` at or below `syncedSeq`, or the
 * next page of a window): the list is whole up to its newest message, whatever it skipped (the
 * server has nothing in between).
 */
function withPageAfter(state: ChatListState, page: readonly unknown[], messages: TListMessage[]): Pick<ChatListState, 'messages' | 'syncedSeq'> {
  return { messages, syncedSeq: syncedThrough(Math.max(state.syncedSeq, newestSeq(page)), messages) };
}

function seenFromStatus(status: TSeenStatus | undefined, selfAgentId: string): ChatListState['seen'] {
  const seen: ChatListState['seen'] = {};
  for (const [messageId, agents] of Object.entries(status ?? {}))
    for (const agent of agents) if (agent.id !== selfAgentId) seen[agent.id] = { messageId, agent };
  return seen;
}

function withoutTyping(typing: ChatListState['typing'], agentId: string): ChatListState['typing'] {
  if (!(agentId in typing)) return typing;
  const { [agentId]: _removed, ...rest } = typing;
  return rest;
}

/** The chat's list rules (docs/product-rules.md#chat) as one pure reducer, shared by the web client and its tests. */
export function chatListReducer(state: ChatListState, action: ChatListAction): ChatListState {
  switch (action.type) {
    case 'loaded': {
      const pending = state.messages.filter((m) => m.pending);
      const messages = mergeMessages(pending, action.messages);
      return {
        ...state,
        messages,
        // A page is whole: the newest page, or a window around a message.
        syncedSeq: newestSeq(action.messages),
        hasMore: action.hasMore,
        hasNewer: action.hasNewer ?? false,
        // A load that does not say (the newest page again) leaves what the conversation said.
        removedThroughSeq: action.removedThroughSeq ?? state.removedThroughSeq,
        seen: seenFromStatus(action.seenStatus, state.selfAgentId),
      };
    }
    case 'olderLoaded':
      return { ...state, messages: mergeMessages(state.messages, action.messages), hasMore: action.hasMore };
    case 'newerLoaded':
      return { ...state, ...withPageAfter(state, action.messages, mergeMessages(state.messages, action.messages)), hasNewer: action.hasMore };
    case 'gapFilled': {
      const messages = mergeMessages(state.messages, action.messages);
      const next = withPageAfter(state, action.messages, messages);
      return messages === state.messages && next.syncedSeq === state.syncedSeq ? state : { ...state, ...next };
    }
    case 'sendStarted':
      if (state.messages.some((m) => m.id === action.message.id)) return state;
      return { ...state, messages: sorted([...state.messages, { ...action.message, pending: true }]) };
    case 'sendConfirmed': {
      const withoutPending = state.messages.filter((m) => !(m.pending && m.clientMessageId === action.clientMessageId));
      const messages = mergeMessages(withoutPending, [action.message]);
      return { ...state, messages, syncedSeq: syncedThrough(state.syncedSeq, messages) };
    }
    case 'sendFailed':
      return {
        ...state,
        messages: state.messages.filter((m) => !(m.pending && m.clientMessageId === action.clientMessageId)),
      };
    case 'received': {
      if (!isUsableMessage(action.message)) return state;
      // Beyond the window's end: it arrives with the newer pages, not here with a gap before it.
      const messages = state.hasNewer ? state.messages : mergeMessages(state.messages, [action.message]);
      const senderId = action.message.sender.id;
      // An agent's message ends its typing indicator.
      const typing = senderId === state.selfAgentId ? state.typing : withoutTyping(state.typing, senderId);
      if (messages === state.messages && typing === state.typing) return state;
      return { ...state, messages, typing, syncedSeq: syncedThrough(state.syncedSeq, messages) };
    }
    case 'updated': {
      const updated = action.message;
      if (!isUsableMessage(updated)) return state;
      const index = state.messages.findIndex((m) => m.id === updated.id);
      if (index === -1) return state;
      const messages = [...state.messages];
      messages[index] = { ...updated, confirmed: true };
      return { ...state, messages };
    }
    case 'reaction': {
      const { messageId, ...change } = action.event;
      const index = state.messages.findIndex((m) => m.id === messageId);
      const message = state.messages[index];
      if (!message) return state;
      const reactions = applyReaction(message.reactions, change);
      if (reactions === message.reactions) return state;
      const messages = [...state.messages];
      const { reactions: _old, ...rest } = message;
      messages[index] = reactions ? { ...rest, reactions } : rest;
      return { ...state, messages };
    }
    case 'seen': {
      const { agentId, messageId, agent } = action.event;
      if (agentId === state.selfAgentId) return state;
      return { ...state, seen: { ...state.seen, [agentId]: { messageId, agent: { ...agent, id: agentId } } } };
    }
    case 'typing': {
      const { agentId, agent, isTyping } = action.event;
      if (agentId === state.selfAgentId) return state;
      if (!isTyping) {
        const typing = withoutTyping(state.typing, agentId);
        return typing === state.typing ? state : { ...state, typing };
      }
      return { ...state, typing: { ...state.typing, [agentId]: { ...agent, id: agentId } } };
    }
    case 'removed': {
      const gone = new Set(action.messageIds);
      const messages = state.messages.filter((m) => !gone.has(m.id));
      const removedThroughSeq = Math.max(state.removedThroughSeq, action.throughSeq ?? 0);
      if (messages.length === state.messages.length && removedThroughSeq === state.removedThroughSeq) return state;
      return { ...state, messages, removedThroughSeq };
    }
  }
}

/** messageId → agents whose cursor sits there: the shape the message list renders seen-by avatars from. */
export function seenStatusOf(state: ChatListState): TSeenStatus {
  const status: TSeenStatus = {};
  for (const { messageId, agent } of Object.values(state.seen)) (status[messageId] ??= []).push(agent);
  return status;
}

/** The highest confirmed seq the list holds. */
export function lastConfirmedSeq(state: ChatListState): number {
  let max = 0;
  for (const m of state.messages) if (!m.pending && m.seq > max) max = m.seq;
  return max;
}

/**
 * A message arrived beyond one the list never got (held N, received N+k with k > 1): fetch
 * `after=syncedSeq` now rather than at the next resync (decision 0030). A window around an older
 * message has no live end to check; it catches up as it reaches the newest message.
 */
export function hasSeqGap(state: ChatListState): boolean {
  return !state.hasNewer && lastConfirmedSeq(state) > state.syncedSeq;
}
