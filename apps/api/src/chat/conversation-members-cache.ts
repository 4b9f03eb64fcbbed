import { LRUCache } from 'lru-cache';
import type { AppCaches, AppContext } from '../context';
import type { DomainEvents } from '../core/domain-events';
import type { EventBus } from '../core/event-bus';
import type { ConversationMemberRow } from '../db/rows';
import { findConversationWithParticipants } from './chat-repo';

/**
 * Participants of a 1:1 conversation never change, a room's rarely (and say so, `room.changed`); their
 * agents' names rarely do (and say so).
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

export function createConversationMembersCache(): AppCaches['conversationMembers'] {
  return new LRUCache<string, ConversationMemberRow[]>({ max: MAX_ENTRIES, ttl: TTL_MS });
}

/** The domain events that make cached members stale, heard from every node's writes. */
type MembershipEvents = Pick<DomainEvents, 'access.changed' | 'room.changed' | 'agent.updated'>;

/**
 * Keeps the cache true: a team membership that began or ended (access may have changed anywhere) and a
 * changed agent (its name is in the rows) forget everything; a room's changed members forget that room
 * and its threads.
 * `events` must carry other nodes' writes too (server.ts passes the cross-node relay's bus), or a node
 * would answer the access check with members another node has since removed.
 */
export function forgetStaleConversationMembers(events: EventBus<MembershipEvents>, cache: AppCaches['conversationMembers']): () => void {
  const unsubscribe = [
    events.subscribe('access.changed', () => cache.clear()),
    events.subscribe('agent.updated', () => cache.clear()),
    events.subscribe('room.changed', ({ roomId, threadIds = [] }) => {
      // A room's threads mirror its members (decision 0026): theirs changed with it.
      for (const id of [roomId, ...threadIds]) cache.delete(id);
    }),
  ];
  return () => unsubscribe.forEach((off) => off());
}

/**
 * The send path's last read, remembered per node: who is in the conversation (the access check and
 * the recipients) and their agents (to present the sender). Only the immutable parts of the rows are
 * used by senders; what makes them stale is forgotten by `forgetStaleConversationMembers`.
 */
export async function conversationMembers(ctx: AppContext, conversationId: string, options: { fresh?: boolean } = {}): Promise<ConversationMemberRow[]> {
  const cache = ctx.caches.conversationMembers;
  const hit = options.fresh ? undefined : cache.get(conversationId);
  if (hit) return hit;
  const members = await findConversationWithParticipants(ctx.db, conversationId);
  // An unknown id is not remembered: it may be created a moment later.
  if (members.length > 0) cache.set(conversationId, members);
  return members;
}
