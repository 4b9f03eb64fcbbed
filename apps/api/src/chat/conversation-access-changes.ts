import { and, eq, not } from 'drizzle-orm';
import { agentRoomOf, conversationRoom } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conversationParticipants, conversations } from '../db/schema';
import { invalidateAgents, realtimeOf } from '../realtime/realtime-registry';
import { conversationTeamAccessSql } from './chat-access';

/**
 * A team membership began or ended, so conversation access may have changed (chat-access's team
 * rule). Every node forgets the participants it caches for the send path, which carry that answer,
 * so a former member cannot write for the cache's 30 s nor a returning one be refused; and when
 * access ended, the person's sockets leave the rooms of the conversations they lost, on every node.
 */
export async function teamMembershipChanged(ctx: AppContext, agentId: string): Promise<void> {
  invalidateAgents(ctx);
  const io = realtimeOf(ctx)?.io;
  if (!io) return;
  const lost = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(not(conversationTeamAccessSql(agentId)));
  if (lost.length > 0) io.in(agentRoomOf(agentId)).socketsLeave(lost.map((c) => conversationRoom(c.id)));
}
