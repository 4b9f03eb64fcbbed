import {
  isTeamManagerRole,
  isUuid,
  ROOM_MESSAGES,
  type TRoom,
  type TRoomResponse,
  type ZAddRoomMemberRequest,
  type ZCreateRoomRequest,
  type ZUpdateRoomRequest,
} from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest, conflict, forbidden, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { changedFields } from '../audit/audit-details';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation, pgErrorOf } from '../db/pg-errors';
import type { ConversationRow, MembershipRow, TeamRow } from '../db/rows';
import { findAgent, findLastReadSeqs } from '../chat/chat-repo';
import { unreadAfter } from '../chat/chat-views';
import { presentConversationRows } from '../chat/chat-views';
import { assertTeamMember } from '../teams/team-access';
import { publishRoomChanged } from './room-events';
import { presentRoom } from './room-presenters';
import {
  addRoomParticipants,
  countRoomMembers,
  findActiveTeamAgents,
  findRoomById,
  findRoomByName,
  findVisibleRooms,
  insertRoom,
  isRoomMember,
  lockRoom,
  removeRoomParticipant,
  roomValues,
  updateRoomSettings,
} from './rooms-repo';

type TCreateRoomInput = z.output<typeof ZCreateRoomRequest>;
type TUpdateRoomInput = z.output<typeof ZUpdateRoomRequest>;
type TAddRoomMemberInput = z.output<typeof ZAddRoomMemberRequest>;

const ROOM_PARAM = /^#?[A-Za-z0-9-]{1,40}$/;
const roomNotFound = () => notFound(ROOM_MESSAGES.notFound);
const nameTaken = () => conflict(ROOM_MESSAGES.nameTaken, { name: ROOM_MESSAGES.nameTaken });
const notATeamMember = (field: string) => badRequest(ROOM_MESSAGES.notATeamMember, { [field]: ROOM_MESSAGES.notATeamMember });

/** Room names in the path are matched as typed in the address bar: case and a leading '#' do not matter. */
const roomNameOf = (param: string) => (ROOM_PARAM.test(param) ? param.replace(/^#/, '').toLowerCase() : undefined);

/** Its creator and the team's owners and admins manage a room. */
const canManage = (room: ConversationRow, agentId: string, membership: MembershipRow) =>
  room.createdBy === agentId || isTeamManagerRole(membership.role);

interface RoomAccess {
  team: TeamRow;
  membership: MembershipRow;
  room: ConversationRow;
  isMember: boolean;
}

/**
 * The team rule first (unknown team 404, not a member 403, as every team route), then the room: an
 * unknown room and a private room the caller is not in answer the same 404.
 */
async function assertRoomVisible(db: DbOrTx, handle: string, roomParam: string, agentId: string, options: { lock?: boolean } = {}): Promise<RoomAccess> {
  const { team, membership } = await assertTeamMember(db, handle, agentId);
  const name = roomNameOf(roomParam);
  const found = name ? await findRoomByName(db, team.id, name) : undefined;
  if (!found) throw roomNotFound();
  const room = options.lock ? ((await lockRoom(db, found.id)) ?? found) : found;
  const isMember = await isRoomMember(db, room.id, agentId);
  if (room.isPrivate && !isMember) throw roomNotFound();
  return { team, membership, room, isMember };
}

/** The rooms as the caller's list shows them (members, unread, whether the caller is in). */
async function presentRooms(db: DbOrTx, team: TeamRow, membership: MembershipRow, rows: { room: ConversationRow; isMember: boolean }[]): Promise<TRoom[]> {
  const ids = rows.map((r) => r.room.id);
  const [memberCounts, readSeqs] = await Promise.all([countRoomMembers(db, ids), findLastReadSeqs(db, ids, membership.agentId)]);
  // As in the inbox: every message past the read cursor (a send moves its sender's cursor onto it).
  const unreadOf = (room: ConversationRow) => unreadAfter(room.lastSeq, readSeqs.get(room.id) ?? room.lastSeq);
  return rows.map(({ room, isMember }) =>
    presentRoom(room, team, { memberCount: memberCounts.get(room.id) ?? 0, isMember, unreadCount: isMember ? unreadOf(room) : 0 }, membership),
  );
}

/** One room, with its conversation for a member. */
async function roomResponse(ctx: AppContext, team: TeamRow, membership: MembershipRow, roomId: string): Promise<TRoomResponse> {
  const room = await findRoomById(ctx.db, roomId);
  if (!room) throw roomNotFound();
  const isMember = await isRoomMember(ctx.db, room.id, membership.agentId);
  const [presented] = await presentRooms(ctx.db, team, membership, [{ room, isMember }]);
  const conversation = isMember ? ((await presentConversationRows(ctx, [room], membership.agentId))[0] ?? null) : null;
  return { room: presented!, conversation };
}

/** GET /teams/:handle/rooms: the rooms the caller is in, then the open rooms they could join. */
export async function listRooms(ctx: AppContext, handle: string, agentId: string): Promise<TRoom[]> {
  const { team, membership } = await assertTeamMember(ctx.db, handle, agentId);
  return presentRooms(ctx.db, team, membership, await findVisibleRooms(ctx.db, team.id, agentId));
}

/** GET /teams/:handle/rooms/:room */
export async function getRoom(ctx: AppContext, handle: string, roomParam: string, agentId: string): Promise<TRoomResponse> {
  const { team, membership, room } = await assertRoomVisible(ctx.db, handle, roomParam, agentId);
  return roomResponse(ctx, team, membership, room.id);
}

/**
 * POST /teams/:handle/rooms: any member of the team creates a room; it holds the creator and the
 * people and AI agents named, each of whom must be an active member of the team (400 otherwise). A
 * taken name is 409, also when two creators race for it (the unique index decides).
 */
export async function createRoom(ctx: AppContext, handle: string, agentId: string, input: TCreateRoomInput): Promise<TRoomResponse> {
  try {
    const { team, membership, roomId } = await inTransaction(ctx.db, async (tx) => {
      const { team, membership } = await assertTeamMember(tx, handle, agentId);
      const memberIds = [...new Set(input.memberIds.filter((id) => id !== agentId))];
      const found = await findActiveTeamAgents(tx, team.id, memberIds);
      if (found.length !== memberIds.length) throw notATeamMember('memberIds');
      if (await findRoomByName(tx, team.id, input.name)) throw nameTaken();
      const values = roomValues({ teamId: team.id, name: input.name, topic: input.topic, isPrivate: input.isPrivate, createdBy: agentId });
      const room = await insertRoom(tx, values);
      const joinedIds = await addRoomParticipants(tx, room.id, [agentId, ...memberIds]);
      await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'room.created', target: roomTarget(room), details: { isPrivate: room.isPrivate, memberIds } });
      await publishRoomChanged(tx, ctx.events, room, { joinedIds });
      return { team, membership, roomId: room.id };
    });
    return await roomResponse(ctx, team, membership, roomId);
  } catch (error) {
    if (isUniqueViolation(error) && pgErrorOf(error)?.constraint !== 'conversations_pair_key') throw nameTaken();
    throw error;
  }
}

/**
 * PATCH /teams/:handle/rooms/:room: its managers rename it, set its topic, privacy, the AI agent that
 * answers everything (an AI agent in the room) and the agent turn limit. #general keeps its name and
 * stays open.
 */
export async function updateRoom(ctx: AppContext, handle: string, roomParam: string, agentId: string, input: TUpdateRoomInput): Promise<TRoomResponse> {
  try {
    const { team, membership, roomId } = await inTransaction(ctx.db, async (tx) => {
      const { team, membership, room } = await assertRoomVisible(tx, handle, roomParam, agentId, { lock: true });
      if (!canManage(room, agentId, membership)) throw forbidden(ROOM_MESSAGES.managersOnly);
      if (room.isGeneral && input.name !== undefined && input.name !== room.name)
        throw conflict(ROOM_MESSAGES.generalKeepsItsName, { name: ROOM_MESSAGES.generalKeepsItsName });
      if (room.isGeneral && input.isPrivate) throw conflict(ROOM_MESSAGES.generalStaysOpen, { isPrivate: ROOM_MESSAGES.generalStaysOpen });
      if (input.answersAllAgentId) {
        const [agent] = await findActiveTeamAgents(tx, team.id, [input.answersAllAgentId]);
        if (!agent || agent.isHuman || !(await isRoomMember(tx, room.id, agent.id)))
          throw badRequest(ROOM_MESSAGES.answersAllMustBeAiMember, { answersAllAgentId: ROOM_MESSAGES.answersAllMustBeAiMember });
      }
      if (input.name !== undefined && input.name !== room.name && (await findRoomByName(tx, team.id, input.name))) throw nameTaken();
      const updated = await updateRoomSettings(tx, room.id, {
        name: input.name,
        topic: input.topic,
        isPrivate: input.isPrivate,
        answersAllAgentId: input.answersAllAgentId,
        agentTurnLimit: input.agentTurnLimit,
      });
      const details = changedFields(room, updated, ['name', 'topic', 'isPrivate', 'answersAllAgentId', 'agentTurnLimit']);
      if (Object.keys(details).length) await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'room.updated', target: roomTarget(updated), details });
      await publishRoomChanged(tx, ctx.events, updated, { wasOpen: !room.isPrivate });
      return { team, membership, roomId: room.id };
    });
    return roomResponse(ctx, team, membership, roomId);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** POST /teams/:handle/rooms/:room/join: any member of the team joins an open room (again: no change). */
export async function joinRoom(ctx: AppContext, handle: string, roomParam: string, agentId: string): Promise<TRoomResponse> {
  const { team, membership, roomId } = await inTransaction(ctx.db, async (tx) => {
    const { team, membership, room } = await assertRoomVisible(tx, handle, roomParam, agentId, { lock: true });
    const joinedIds = await addRoomParticipants(tx, room.id, [agentId]);
    if (joinedIds.length) await publishRoomChanged(tx, ctx.events, room, { joinedIds });
    return { team, membership, roomId: room.id };
  });
  return roomResponse(ctx, team, membership, roomId);
}

/** DELETE /teams/:handle/rooms/:room/members/me: leave a room; nobody leaves #general while in the team. */
export async function leaveRoom(ctx: AppContext, handle: string, roomParam: string, agentId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { room, isMember } = await assertRoomVisible(tx, handle, roomParam, agentId, { lock: true });
    if (room.isGeneral) throw conflict(ROOM_MESSAGES.generalCannotBeLeft);
    if (!isMember || !(await removeRoomParticipant(tx, room.id, agentId))) throw conflict(ROOM_MESSAGES.notInRoom);
    await publishRoomChanged(tx, ctx.events, room, { leftIds: [agentId] });
  });
}

/**
 * POST /teams/:handle/rooms/:room/members: a member of the room adds a person of the team or one of
 * the team's AI agents (anyone else: 400). Someone already in it: 409.
 */
export async function addRoomMember(ctx: AppContext, handle: string, roomParam: string, agentId: string, input: TAddRoomMemberInput): Promise<TRoomResponse> {
  const { team, membership, roomId } = await inTransaction(ctx.db, async (tx) => {
    const { team, membership, room, isMember } = await assertRoomVisible(tx, handle, roomParam, agentId, { lock: true });
    if (!isMember) throw forbidden(ROOM_MESSAGES.notInRoom);
    const [target] = await findActiveTeamAgents(tx, team.id, [input.agentId]);
    if (!target) throw notATeamMember('agentId');
    const joinedIds = await addRoomParticipants(tx, room.id, [target.id]);
    if (!joinedIds.length) throw conflict(ROOM_MESSAGES.alreadyInRoom, { agentId: ROOM_MESSAGES.alreadyInRoom });
    const details = { member: { id: target.id, username: target.username } };
    await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'room.member_added', target: roomTarget(room), details });
    await publishRoomChanged(tx, ctx.events, room, { joinedIds });
    return { team, membership, roomId: room.id };
  });
  return roomResponse(ctx, team, membership, roomId);
}

/**
 * DELETE /teams/:handle/rooms/:room/members/:agentId: the room's managers remove anyone (no person
 * leaves #general while in the team); any member of the room removes an AI agent. Removing oneself
 * is leaving.
 */
export async function removeRoomMember(ctx: AppContext, handle: string, roomParam: string, agentId: string, targetId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { membership, room, isMember } = await assertRoomVisible(tx, handle, roomParam, agentId, { lock: true });
    const manager = canManage(room, agentId, membership);
    if (!isMember && !manager) throw forbidden(ROOM_MESSAGES.notInRoom);
    const targets = isUuid(targetId) ? await findRoomMemberAgent(tx, room.id, targetId) : undefined;
    if (!targets) throw notFound(ROOM_MESSAGES.notInRoom);
    if (targets.isHuman && room.isGeneral) throw conflict(ROOM_MESSAGES.generalCannotBeLeft);
    if (targets.isHuman && targetId !== agentId && !manager) throw forbidden(ROOM_MESSAGES.managersOnly);
    await removeRoomParticipant(tx, room.id, targetId);
    if (room.answersAllAgentId === targetId) await updateRoomSettings(tx, room.id, { answersAllAgentId: null });
    // Leaving a room oneself is no change of anyone's rights: only a removal by someone else is audited.
    const details = { member: { id: targets.id, username: targets.username } };
    if (targetId !== agentId) await recordAudit(tx, { actor: agentId, teamId: room.teamId, action: 'room.member_removed', target: roomTarget(room), details });
    await publishRoomChanged(tx, ctx.events, room, { leftIds: [targetId] });
  });
}

const roomTarget = (room: { id: string; name: string | null }) => ({ kind: 'room' as const, id: room.id, name: room.name ?? '' });

async function findRoomMemberAgent(db: DbOrTx, roomId: string, agentId: string) {
  return (await isRoomMember(db, roomId, agentId)) ? findAgent(db, agentId) : undefined;
}
