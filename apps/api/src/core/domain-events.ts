import type { TExportUpdatedEvent, TMessagesRemovedEvent, TPinsChangedEvent, TThreadUpdatedEvent } from '@agentroom/shared';
import type { TAgent, TAgentMessageEvent, TAgentRequestEndedEvent, TAgentRequestEvent, TChatMessage, TMessageReactionEvent, TMessageSeenEvent, TMessageStreamEvent, TTeamsChangedEvent, TTypingEvent } from '@agentroom/shared';
import type { EventBus } from './event-bus';

/**
 * Everything the domain announces, published after the write it describes has committed. Payloads
 * carry ids and presented shapes from `shared` only, so adapters never reach back into the domain.
 */
export interface DomainEvents {
  /** A message was stored (people's, AI replies and notices alike). */
  'message.created': {
    conversationId: string;
    message: TChatMessage;
    /** Sender first, then every other participant. */
    participantIds: string[];
    /** The message's transaction queued AI reply jobs: a worker should claim them now. */
    repliesQueued: boolean;
  };
  /** A message was edited, or deleted by its sender (`deleted: true`, content and files gone). */
  'message.updated': { message: TChatMessage };
  /** An agent added (`reacted`) or removed one emoji reaction on a message. */
  'message.reaction': TMessageReactionEvent;
  /** A read cursor moved forward. */
  'message.seen': TMessageSeenEvent & { participantIds: string[] };
  /** An AI agent started or stopped writing a reply. */
  'reply.typing': TTypingEvent;
  /** A piece of an AI reply as the model writes it. */
  'reply.stream': TMessageStreamEvent;
  /** Sessions ended (logout: one; password reset: every one of the account): their sockets close. */
  'session.revoked': { sessionId?: string; accountId?: string };
  /** What a cached session says changed (email verified): forget it, keep its sockets. */
  'session.changed': { accountId: string };
  /**
   * An agent's name, role, avatar or memberships changed: cached conversation members are stale.
   * With `agent` (its new presented shape), the people who see it hear it at once (`agent:updated`).
   */
  'agent.updated': { agentId: string; agent?: TAgent };
  /**
   * A team membership began or ended: conversation access may have changed. The agent's sockets
   * leave the rooms of the conversations it lost; cached conversation members are stale.
   */
  'access.changed': { agentId: string; lostConversationIds: string[] };
  /**
   * A room was created or changed, or people or AI agents joined or left it. `audienceIds`
   * hear `rooms:changed`; the sockets of `joinedIds` join the room's socket room and those of
   * `leftIds` leave it, on every node; cached members of the room are forgotten everywhere.
   */
  'room.changed': {
    teamId: string;
    roomId: string;
    audienceIds: string[];
    joinedIds: string[];
    leftIds: string[];
    /** The room's threads (decision 0026), when someone left: their sockets leave those rooms too. */
    threadIds?: string[];
  };
  /** A thread got a reply or lost one: its root's summary, for everyone viewing the root's conversation (decision 0026). */
  'thread.updated': TThreadUpdatedEvent;
  /** A message was pinned or unpinned: the conversation's viewers fetch its pins again. */
  'pins.changed': TPinsChangedEvent;
  /** Retention removed a conversation's oldest messages (decision 0028): its viewers drop them. */
  'messages.removed': TMessagesRemovedEvent;
  /**
   * A team changed for `agentIds` — they were removed from it, or it was deleted or
   * restored. They hear `teams:changed` at once (their sidebars and team lists refetch).
   */
  'team.changed': { agentIds: string[]; team: { id: string; handle: string; name: string }; change: TTeamsChangedEvent['change'] };
  /** Mail was written to the outbox: deliver it now rather than at the next poll. */
  'mail.queued': Record<string, never>;
  /** Something an external agent is told (decision 0025): it hears it in its agent room. */
  'agent.delivery': AgentDelivery;
  /** Webhook deliveries were written to the outbox: deliver them now rather than at the next poll. */
  'webhooks.queued': Record<string, never>;
  /** An export was asked for: build it now rather than at the next poll (decision 0028). */
  'exports.queued': Record<string, never>;
  /** An export moved on (progress, ready, downloaded, failed, expired): its requester hears `export:updated`. */
  'export.updated': { agentId: string } & TExportUpdatedEvent;
}

/** One event for one external agent: by socket (its agent room) and, when it has a webhook URL, by webhook. */
export type AgentDelivery = { agentId: string } & (
  | { event: 'agent:request'; payload: TAgentRequestEvent }
  | { event: 'agent:request:ended'; payload: TAgentRequestEndedEvent }
  | { event: 'agent:message'; payload: TAgentMessageEvent }
);

export type DomainEventBus = EventBus<DomainEvents>;
