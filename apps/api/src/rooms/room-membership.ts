import { GENERAL_ROOM_NAME } from '@agentroom/shared';
import type { DomainEventBus } from '../core/domain-events';
import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { publishRoomChanged } from './room-events';
import {
  addMissingPeopleToGeneral,
  addRoomParticipants,
  findGeneralRoom,
  findRoomById,
  findTeamsWithoutGeneral,
  insertRoomUnlessTaken,
  removeFromTeamRooms,
  roomValues,
} from './rooms-repo';

/**
 * Room membership as a team's changes need it: #general (one per team, every person of the team in
 * it) and leaving a team's rooms. Run inside the team membership's transaction through the hooks
 * `server.ts` gives the teams module, so teams does not import rooms.
 */

/**
 * The team's #general, created if missing. Two writers racing (two nodes starting, a start-up
 * backfill and a team's first join) both insert with `on conflict do nothing`: the unique index
 * `conversations_general_room_key` keeps one, and both read that one.
 */
export async function ensureGeneralRoom(db: DbOrTx, teamId: string, createdBy: string | null = null): Promise<ConversationRow> {
  const existing = await findGeneralRoom(db, teamId);
  if (existing) return existing;
  await insertRoomUnlessTaken(db, roomValues({ teamId, name: GENERAL_ROOM_NAME, isGeneral: true, createdBy }));
  return (await findGeneralRoom(db, teamId))!;
}

/**
 * Inside a transaction: a person joining a team joins its #general (created if the team has none
 * yet). AI agents do not: they join rooms when someone adds them.
 */
export async function joinGeneralRoom(db: DbOrTx, events: DomainEventBus, teamId: string, agentId: string, options: { isCreator?: boolean } = {}): Promise<void> {
  // The team's creator is also #general's; anyone else joining a team found without one is not.
  const general = await ensureGeneralRoom(db, teamId, options.isCreator ? agentId : null);
  const joinedIds = await addRoomParticipants(db, general.id, [agentId]);
  if (joinedIds.length) await publishRoomChanged(db, events, general, { joinedIds });
}

/**
 * Inside a transaction: agents leaving a team (or the team deleted) leave every room of it. An AI
 * agent that answered everything in a room no longer does. Answers the rooms each agent left.
 */
export async function leaveTeamRooms(db: DbOrTx, events: DomainEventBus, teamId: string, agentIds: string[]): Promise<Map<string, string[]>> {
  const roomsLeft = new Map<string, string[]>(agentIds.map((id) => [id, []]));
  if (agentIds.length === 0) return roomsLeft;
  const leftByRoom = new Map<string, string[]>();
  for (const { roomId, agentId } of await removeFromTeamRooms(db, teamId, agentIds)) {
    leftByRoom.set(roomId, [...(leftByRoom.get(roomId) ?? []), agentId]);
    roomsLeft.get(agentId)?.push(roomId);
  }
  for (const [roomId, leftIds] of leftByRoom) {
    const room = await findRoomById(db, roomId);
    if (room) await publishRoomChanged(db, events, room, { leftIds });
  }
  return roomsLeft;
}

/**
 * Start-up (under the start-up lock, so once per deployment start; idempotent and race-safe anyway):
 * every team with active members gets its #general, and every active person of a team is in it.
 * Answers how many people were added.
 */
export async function backfillGeneralRooms(db: DbOrTx): Promise<number> {
  for (const teamId of await findTeamsWithoutGeneral(db)) await ensureGeneralRoom(db, teamId);
  return addMissingPeopleToGeneral(db);
}
