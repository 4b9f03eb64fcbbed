import { z } from 'zod';
import { safeString } from './text';
import { isUuid } from '../validation';
import { ROOM_NAME_MAX_LENGTH, ROOM_TOPIC_MAX_LENGTH, ROOM_AGENT_TURN_LIMIT_MAX, ROOM_MESSAGES } from './room-constants';

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
