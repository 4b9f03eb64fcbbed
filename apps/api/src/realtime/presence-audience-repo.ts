import { and, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, teamMembers } from '../db/schema';

/** Who hears that an agent came online or went offline: active team-mates and conversation partners. */
export async function presenceAudience(db: DbOrTx, agentId: string): Promise<string[]> {
  const mine = alias(teamMembers, 'mine');
  const mineInConversation = alias(conversationParticipants, 'mine_cp');
  const [teammates, partners] = await Promise.all([
    db
      .selectDistinct({ agentId: teamMembers.agentId })
      .from(teamMembers)
      .innerJoin(mine, and(eq(mine.teamId, teamMembers.teamId), eq(mine.agentId, agentId), isNull(mine.leftAt)))
      .where(and(isNull(teamMembers.leftAt), ne(teamMembers.agentId, agentId))),
    db
      .selectDistinct({ agentId: conversationParticipants.agentId })
      .from(conversationParticipants)
      .innerJoin(
        mineInConversation,
        and(eq(mineInConversation.conversationId, conversationParticipants.conversationId), eq(mineInConversation.agentId, agentId)),
      )
      .where(ne(conversationParticipants.agentId, agentId)),
  ]);
  return [...new Set([...teammates, ...partners].map((r) => r.agentId))];
}

