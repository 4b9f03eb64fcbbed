import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow } from '../db/rows';
import { agents, conversationParticipants, conversations, teamMembers } from '../db/schema';

/** A room of the team by its (normalized) name. */
export async function findRoomByName(db: DbOrTx, teamId: string, name: string): Promise<ConversationRow | undefined> {
  const [room] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.type, 'room'), eq(conversations.name, name)))
    .limit(1);
  return room;
}

/** Locks the room row: membership changes and settings of one room run one at a time. */
export async function lockRoom(db: DbOrTx, roomId: string): Promise<ConversationRow | undefined> {
  const [room] = await db.select().from(conversations).where(eq(conversations.id, roomId)).for('update');
  return room;
}

/**
 * The team's rooms the agent may see: those it is in, then open ones it is not in; #general first,
 * then by name.
 */
export async function findVisibleRooms(db: DbOrTx, teamId: string, agentId: string) {
  // Written out in full: drizzle leaves the table off a column of a one-table query, and a bare "id"
  // inside this subquery would be the participant row's.
  const isMember = sql<boolean>`exists (
    select 1 from conversation_participants p
    where p.conversation_id = conversations.id and p.agent_id = ${agentId}
  )`;
  const rows = await db
    .select({ room: conversations, isMember })
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.type, 'room'), sql`(not ${conversations.isPrivate} or ${isMember})`))
    .orderBy(desc(isMember), desc(conversations.isGeneral), asc(conversations.name));
  return rows.map((r) => ({ room: r.room, isMember: Boolean(r.isMember) }));
}

export async function countRoomMembers(db: DbOrTx, roomIds: string[]): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: conversationParticipants.conversationId, count: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .where(inArray(conversationParticipants.conversationId, roomIds))
    .groupBy(conversationParticipants.conversationId);
  return new Map(rows.map((r) => [r.roomId, Number(r.count)]));
}

/** The given agents that are active members of the team, with their agents (people and its AI agents). */
export async function findActiveTeamAgents(db: DbOrTx, teamId: string, agentIds: string[]): Promise<AgentRow[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .select({ agent: agents })
    .from(teamMembers)
    .innerJoin(agents, eq(agents.id, teamMembers.agentId))
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.agentId, agentIds), isNull(teamMembers.leftAt)));
  return rows.map((r) => r.agent);
}

export async function removeRoomParticipant(db: DbOrTx, roomId: string, agentId: string): Promise<boolean> {
  const removed = await db
    .delete(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, roomId), eq(conversationParticipants.agentId, agentId)))
    .returning({ id: conversationParticipants.id });
  return removed.length > 0;
}
