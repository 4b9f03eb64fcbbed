import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { GENERAL_ROOM_NAME } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { conversationParticipants, conversations, teamMembers } from '../db/schema';

/**
 * Room membership as the rest of the domain needs it (teams, the demo seed, start-up): #general
 * (one per team, every person of the team in it) and leaving a team's rooms. Kept free of the room
 * service, so teams can call it without an import cycle.
 */

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

async function findGeneralRoom(db: DbOrTx, teamId: string): Promise<ConversationRow | undefined> {
  const [room] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.isGeneral, true)))
    .limit(1);
  return room;
}

/**
 * The team's #general, created if missing. Two writers racing (two nodes starting, a start-up
 * backfill and a team's first join) both insert with `on conflict do nothing`: the unique index
 * `conversations_general_room_key` keeps one, and both read that one.
 */
export async function ensureGeneralRoom(db: DbOrTx, teamId: string, createdBy: string | null = null): Promise<ConversationRow> {
  const existing = await findGeneralRoom(db, teamId);
  if (existing) return existing;
  await db
    .insert(conversations)
    .values(roomValues({ teamId, name: GENERAL_ROOM_NAME, isGeneral: true, createdBy }))
    .onConflictDoNothing();
  return (await findGeneralRoom(db, teamId))!;
}

/**
 * A newcomer starts at the room's present: what was said before they joined is history, neither
 * unread nor mailed to them (their seen marker stays off until they read something).
 */
const joinedAtPresent = (roomId: string) => {
  const lastSeq = sql<number>`(select last_seq from conversations where id = ${roomId})`;
  return { lastReadSeq: lastSeq, mailedSeq: lastSeq };
};

/** Adds agents to a room (already there: nothing); answers who was added. */
export async function addRoomParticipants(db: DbOrTx, roomId: string, agentIds: string[]): Promise<string[]> {
  if (agentIds.length === 0) return [];
  const rows = await db
    .insert(conversationParticipants)
    .values([...new Set(agentIds)].map((agentId) => ({ conversationId: roomId, agentId, ...joinedAtPresent(roomId) })))
    .onConflictDoNothing()
    .returning({ agentId: conversationParticipants.agentId });
  return rows.map((r) => r.agentId);
}

/** Who changed in which room, to announce after commit (see announceRoomChanges). */
export interface RoomChange {
  teamId: string;
  roomId: string;
  joinedIds: string[];
  leftIds: string[];
}

/**
 * Inside a transaction: a person joining a team joins its #general (created if the team has none
 * yet). AI agents are not: they join rooms when someone adds them.
 */
export async function joinGeneralRoom(db: DbOrTx, teamId: string, agentId: string, options: { isCreator?: boolean } = {}): Promise<RoomChange> {
  // The team's creator is also #general's; anyone else joining a team found without one is not.
  const general = await ensureGeneralRoom(db, teamId, options.isCreator ? agentId : null);
  const joinedIds = await addRoomParticipants(db, general.id, [agentId]);
  return { teamId, roomId: general.id, joinedIds, leftIds: [] };
}

/**
 * Inside a transaction: agents leaving a team (or the team deleted) leave every room of it. An AI
 * agent that answered everything in a room no longer does.
 */
export async function leaveTeamRooms(db: DbOrTx, teamId: string, agentIds: string[]): Promise<RoomChange[]> {
  if (agentIds.length === 0) return [];
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
  const byRoom = new Map<string, string[]>();
  for (const { roomId, agentId } of removed) byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), agentId]);
  return [...byRoom].map(([roomId, leftIds]) => ({ teamId, roomId, joinedIds: [], leftIds }));
}

/**
 * Who hears that a room changed: for an open room every active member of its team (it is in their
 * list), for a private one its members; and those who just left it.
 */
export async function roomAudience(db: DbOrTx, room: Pick<ConversationRow, 'id' | 'teamId' | 'isPrivate'>, leftIds: string[] = []): Promise<string[]> {
  const ids =
    room.isPrivate || !room.teamId
      ? (await db.select({ agentId: conversationParticipants.agentId }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, room.id)))
      : (await db.select({ agentId: teamMembers.agentId }).from(teamMembers).where(and(eq(teamMembers.teamId, room.teamId), isNull(teamMembers.leftAt))));
  return [...new Set([...ids.map((r) => r.agentId), ...leftIds])];
}

/**
 * After commit: `room.changed` for each change, heard by the room's members and those who joined or
 * left (adapters move their sockets in or out of the room's socket room and forget cached members).
 */
export async function announceRoomChanges(ctx: AppContext, changes: RoomChange[]): Promise<void> {
  for (const change of changes) {
    if (!change.joinedIds.length && !change.leftIds.length) continue;
    const [room] = await ctx.db.select().from(conversations).where(eq(conversations.id, change.roomId));
    if (!room) continue;
    ctx.events.publish('room.changed', { ...change, audienceIds: await roomAudience(ctx.db, room, change.leftIds) });
  }
}

/**
 * Start-up (under the start-up lock, so once per deployment start; idempotent and race-safe anyway):
 * every team with active members gets its #general, and every active person of a team is in it.
 * Answers how many people were added.
 */
export async function backfillGeneralRooms(db: DbOrTx): Promise<number> {
  const missing = await db.execute<{ team_id: string }>(sql`
    select t.id as team_id from teams t
    where not exists (select 1 from conversations c where c.team_id = t.id and c.is_general)
      and exists (select 1 from team_members m where m.team_id = t.id and m.left_at is null)`);
  for (const { team_id: teamId } of (missing as unknown as { rows: { team_id: string }[] }).rows) await ensureGeneralRoom(db, teamId);
  const missingPeople = await db.execute<{ conversation_id: string; agent_id: string }>(sql`
    select c.id as conversation_id, m.agent_id
    from conversations c
    join team_members m on m.team_id = c.team_id and m.left_at is null
    join agents a on a.id = m.agent_id and a.is_human
    where c.is_general
      and not exists (select 1 from conversation_participants p where p.conversation_id = c.id and p.agent_id = m.agent_id)`);
  const rows = (missingPeople as unknown as { rows: { conversation_id: string; agent_id: string }[] }).rows;
  if (rows.length === 0) return 0;
  const added = await db
    .insert(conversationParticipants)
    .values(rows.map((r) => ({ conversationId: r.conversation_id, agentId: r.agent_id, ...joinedAtPresent(r.conversation_id) })))
    .onConflictDoNothing()
    .returning({ id: conversationParticipants.id });
  return added.length;
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
