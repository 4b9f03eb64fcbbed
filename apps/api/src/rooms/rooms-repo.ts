import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow } from '../db/rows';
import { agents, conversationParticipants, conversations, teamMembers } from '../db/schema';

/** The values of a new room row: its id is fixed here because its pair key carries it. */
export function roomValues(values: {
  teamId: string;
  name: string;
  topic?: string;
  isPrivate?: boolean;
  isGeneral?: boolean;
  createdBy?: string | null;
}): typeof conversations.$inferInsert {
  const id = uuidv7();
  return {
    id,
    type: 'room',
    pairKey: `room:${id}`,
    teamId: values.teamId,
    name: values.name,
    topic: values.topic ?? '',
    isPrivate: values.isPrivate ?? false,
    isGeneral: values.isGeneral ?? false,
    createdBy: values.createdBy ?? null,
  };
}

export async function insertRoom(db: DbOrTx, values: typeof conversations.$inferInsert): Promise<ConversationRow> {
  const [room] = await db.insert(conversations).values(values).returning();
  return room!;
}

/** Inserts the room unless a unique index already holds one like it (the team's #general). */
export async function insertRoomUnlessTaken(db: DbOrTx, values: typeof conversations.$inferInsert): Promise<void> {
  await db.insert(conversations).values(values).onConflictDoNothing();
}

export async function findRoomById(db: DbOrTx, roomId: string): Promise<ConversationRow | undefined> {
  const [room] = await db.select().from(conversations).where(eq(conversations.id, roomId));
  return room;
}

export async function findGeneralRoom(db: DbOrTx, teamId: string): Promise<ConversationRow | undefined> {
  const [room] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.isGeneral, true)))
    .limit(1);
  return room;
}

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

export async function updateRoomSettings(
  db: DbOrTx,
  roomId: string,
  values: Partial<Pick<ConversationRow, 'name' | 'topic' | 'isPrivate' | 'answersAllAgentId' | 'agentTurnLimit'>>,
): Promise<ConversationRow> {
  const [room] = await db.update(conversations).set(values).where(eq(conversations.id, roomId)).returning();
  return room!;
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

/** The room's participants, or the team's active members: who sees a private or an open room. */
export async function findRoomParticipantIds(db: DbOrTx, roomId: string): Promise<string[]> {
  const rows = await db
    .select({ agentId: conversationParticipants.agentId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, roomId));
  return rows.map((r) => r.agentId);
}

export async function findActiveTeamMemberIds(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ agentId: teamMembers.agentId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt)));
  return rows.map((r) => r.agentId);
}

/** Whether the agent takes part in the room. */
export async function isRoomMember(db: DbOrTx, roomId: string, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationParticipants.id })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, roomId), eq(conversationParticipants.agentId, agentId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A newcomer starts at the room's present: what was said before they joined is history, neither
 * unread nor mailed to them (their seen marker stays off until they read something).
 */
const joinedAtPresent = (roomId: string) => {
  const lastSeq = sql<number>`(select last_seq from conversations where id = ${roomId})`;
  return { lastReadSeq: lastSeq, mailedSeq: lastSeq };
};

/** Adds agents to rooms (one already there: nothing); answers who was added where. */
async function insertParticipants(db: DbOrTx, rows: { roomId: string; agentId: string }[]) {
  if (rows.length === 0) return [];
  return db
    .insert(conversationParticipants)
    .values(rows.map(({ roomId, agentId }) => ({ conversationId: roomId, agentId, ...joinedAtPresent(roomId) })))
    .onConflictDoNothing()
    .returning({ roomId: conversationParticipants.conversationId, agentId: conversationParticipants.agentId });
}

/** Adds agents to a room (already there: nothing); answers who was added. */
export async function addRoomParticipants(db: DbOrTx, roomId: string, agentIds: string[]): Promise<string[]> {
  const added = await insertParticipants(db, [...new Set(agentIds)].map((agentId) => ({ roomId, agentId })));
  return added.map((r) => r.agentId);
}

export async function removeRoomParticipant(db: DbOrTx, roomId: string, agentId: string): Promise<boolean> {
  const removed = await db
    .delete(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, roomId), eq(conversationParticipants.agentId, agentId)))
    .returning({ id: conversationParticipants.id });
  return removed.length > 0;
}

/**
 * The agents leave every room of the team, and no longer answer everything in any; answers who left
 * which room.
 */
export async function removeFromTeamRooms(db: DbOrTx, teamId: string, agentIds: string[]): Promise<{ roomId: string; agentId: string }[]> {
  const teamRooms = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.type, 'room')));
  const removed = await db
    .delete(conversationParticipants)
    .where(and(inArray(conversationParticipants.conversationId, teamRooms), inArray(conversationParticipants.agentId, agentIds)))
    .returning({ roomId: conversationParticipants.conversationId, agentId: conversationParticipants.agentId });
  await db
    .update(conversations)
    .set({ answersAllAgentId: null })
    .where(and(eq(conversations.teamId, teamId), eq(conversations.type, 'room'), inArray(conversations.answersAllAgentId, agentIds)));
  return removed;
}

/** Teams with active members but no #general (made before rooms existed). */
export async function findTeamsWithoutGeneral(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ team_id: string }>(sql`
    select t.id as team_id from teams t
    where not exists (select 1 from conversations c where c.team_id = t.id and c.is_general)
      and exists (select 1 from team_members m where m.team_id = t.id and m.left_at is null)`);
  return (result as unknown as { rows: { team_id: string }[] }).rows.map((r) => r.team_id);
}

/** Puts every active person of a team into its #general; answers how many were added. */
export async function addMissingPeopleToGeneral(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ room_id: string; agent_id: string }>(sql`
    select c.id as room_id, m.agent_id
    from conversations c
    join team_members m on m.team_id = c.team_id and m.left_at is null
    join agents a on a.id = m.agent_id and a.is_human
    where c.is_general
      and not exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.agent_id = m.agent_id)`);
  const missing = (result as unknown as { rows: { room_id: string; agent_id: string }[] }).rows;
  const added = await insertParticipants(db, missing.map((r) => ({ roomId: r.room_id, agentId: r.agent_id })));
  return added.length;
}
