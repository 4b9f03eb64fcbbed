import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, teamMembers } from '../db/schema';
import { rowsOf } from '../agents/agents-repo';
import { hasBlockedSql } from '../agents/reach-sql';

/**
 * Who hears that an agent came online or went offline: the people in its reach (decision 0022) —
 * those sharing an active team (not deleted, both memberships current) — except those it blocked.
 * A former team-mate or a 1:1 partner outside every shared team hears nothing.
 */
export async function presenceAudience(db: DbOrTx, agentId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct others.agent_id as "agentId"
    from team_members mine
    join teams on teams.id = mine.team_id and teams.deleted_at is null
    join team_members others on others.team_id = mine.team_id and others.left_at is null and others.agent_id <> mine.agent_id
    where mine.agent_id = ${agentId}
      and mine.left_at is null
      and not ${hasBlockedSql(agentId, sql`others.agent_id`)}`);
  return rowsOf<{ agentId: string }>(result).map((row) => String(row.agentId));
}

/** Who hears that an agent changed (a new avatar, a rename): active team-mates and conversation partners. */
export async function agentUpdateAudience(db: DbOrTx, agentId: string): Promise<string[]> {
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

