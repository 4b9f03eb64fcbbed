import { LRUCache } from 'lru-cache';
import type { AppCaches, AppContext } from '../context';
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

/**
 * The send path's last read, remembered per node: who is in the conversation (the access check and
 * the recipients) and their agents (to present the sender). Only the immutable parts of the rows are
 * used by senders; an `agent.updated` event forgets everything on every node.
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
