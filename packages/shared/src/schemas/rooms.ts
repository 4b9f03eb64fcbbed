import { z } from 'zod';
import { safeString } from './text';
import { isUuid } from '../validation';

/**
 * Team rooms (issue 13): a team's named conversations of any number of people and AI agents. A room
 * is named like a channel (lowercase letters, digits and hyphens, unique in its team), so the name is
 * also its address: `/t/:handle/r/:room`.
 */
export const ROOM_NAME_MAX_LENGTH = 40;
export const ROOM_TOPIC_MAX_LENGTH = 250;
/** Every team has this room; all its people are in it, and nobody leaves it while in the team. */
export const GENERAL_ROOM_NAME = 'general';
/** At most this many AI agent turns follow one message from a person (a room setting). */
export const ROOM_AGENT_TURN_LIMIT_DEFAULT = 4;
export const ROOM_AGENT_TURN_LIMIT_MAX = 10;
/** A room's members shown beside a message as seen markers before '+N' (spec §9). */
export const ROOM_SEEN_MAX_AVATARS = 3;

export const ROOM_MESSAGES = {
  nameRequired: 'Room name is required',
  nameCharacters: 'Room names use lowercase letters, numbers and hyphens',
  nameTaken: 'A room with this name already exists in this team',
  notFound: 'Room not found',
  generalCannotBeLeft: 'Everyone in the team is in #general',
  generalStaysOpen: '#general stays open to the whole team',
  generalKeepsItsName: '#general keeps its name',
  managersOnly: 'Only the room creator and team owners and admins can change this room',
  notATeamMember: 'Only members of this team can be added to its rooms',
  alreadyInRoom: 'Already in this room',
  notInRoom: 'Not in this room',
  answersAllMustBeAiMember: 'The agent that answers everything must be an AI agent in this room',
  nothingToUpdate: 'Nothing to update',
  invalidAgentId: 'Invalid agent id',
} as const;

const ROOM_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const tooLong = (max: number) => ({ error: `Must be at most ${max} characters` });

/**
 * A room name as typed: trimmed, lowercased, spaces become hyphens ("Launch Plan" → "launch-plan"),
 * then it must be letters, digits and single hyphens.
 */
export const ZRoomName = safeString({ error: ROOM_MESSAGES.nameRequired })
  .trim()
  .transform((value) => value.toLowerCase().replace(/^#/, '').replace(/\s+/g, '-'))
  .pipe(
    z
      .string()
      .min(1, { error: ROOM_MESSAGES.nameRequired })
      .max(ROOM_NAME_MAX_LENGTH, tooLong(ROOM_NAME_MAX_LENGTH))
      .regex(ROOM_NAME_PATTERN, { error: ROOM_MESSAGES.nameCharacters }),
  );

const ZRoomTopic = safeString().trim().max(ROOM_TOPIC_MAX_LENGTH, tooLong(ROOM_TOPIC_MAX_LENGTH));
const ZAgentId = safeString().refine(isUuid, { error: ROOM_MESSAGES.invalidAgentId });

export const ZCreateRoomRequest = z.object({
  name: ZRoomName,
  topic: ZRoomTopic.optional().default(''),
  /** Private rooms are invisible to team members outside them; open rooms can be joined by any member. */
  isPrivate: z.boolean().optional().default(false),
  /** People and the team's AI agents to add at once (the creator is always in). */
  memberIds: z.array(ZAgentId).max(200).optional().default([]),
});
export type TCreateRoomRequest = z.input<typeof ZCreateRoomRequest>;

/** Room managers (its creator, the team's owners and admins) change a room; at least one field. */
export const ZUpdateRoomRequest = z
  .object({
    name: ZRoomName.optional(),
    topic: ZRoomTopic.optional(),
    isPrivate: z.boolean().optional(),
    /** An AI agent of the room that answers every message from a person (null: only when @mentioned). */
    answersAllAgentId: ZAgentId.nullable().optional(),
    /** At most this many AI agent turns after each message from a person. */
    agentTurnLimit: z.number().int().min(0).max(ROOM_AGENT_TURN_LIMIT_MAX).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: ROOM_MESSAGES.nothingToUpdate });
export type TUpdateRoomRequest = z.input<typeof ZUpdateRoomRequest>;

export const ZAddRoomMemberRequest = z.object({ agentId: ZAgentId });
export type TAddRoomMemberRequest = z.input<typeof ZAddRoomMemberRequest>;
