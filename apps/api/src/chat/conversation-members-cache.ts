import type { AppContext } from '../context';
import { findConversationWithParticipants } from './chat-repo';

type Members = Awaited<ReturnType<typeof findConversationWithParticipants>>;

/** Participants of a conversation never change; their agents' names rarely do (and say so). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
const caches = new WeakMap<AppContext, Map<string, { members: Members; until: number }>>();

const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
};

/**
 * The send path's last read, remembered per node: who is in the conversation (the access check and
 * the recipients) and their agents (to present the sender). Only the immutable parts of the rows are
 * used by senders; an agent edit forgets everything on every node (see `agentsChanged`).
 */
export async function conversationMembers(ctx: AppContext, conversationId: string): Promise<Members> {
  const cache = cacheOf(ctx);
  const hit = cache.get(conversationId);
  if (hit && hit.until > Date.now()) return hit.members;
  const members = await findConversationWithParticipants(ctx.db, conversationId);
  // An unknown id is not remembered: it may be created a moment later.
  if (members.length > 0) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(conversationId, { members, until: Date.now() + TTL_MS });
  }
  return members;
}

/** Forgets this node's entries; `invalidateAgents` (realtime registry) reaches every node. */
export function forgetConversationMembers(ctx: AppContext): void {
  cacheOf(ctx).clear();
}
