import type { TAgent } from '@agentroom/shared';
import type { OpenedConversation } from './use-conversation-load';

/**
 * Where a conversation's messages come from. The screen around it (header, side panel) differs;
 * the conversation itself (list, typing line, composer) is one component for every kind.
 */
export type ConversationSource =
  /**
   * A 1:1 chat with an agent (none: no chat, e.g. one's own profile), personal or scoped to a team;
   * `opened` is the chat page's single open call, when it has answered (see chat-open.ts).
   */
  | { kind: 'direct'; agent: TAgent | undefined; teamHandle: string | undefined; opened: OpenedConversation }
  /** A team room, read by its conversation id. */
  | { kind: 'room'; conversationId: string; teamHandle: string }
  /**
   * A thread (decision 0026): the replies to one message of a room or a 1:1, a conversation of its own
   * read by its id (from POST /chat/messages/:id/thread). `?at=` beside `?thread=` opens it at a reply.
   */
  | { kind: 'thread'; conversationId: string; teamHandle: string | undefined };
