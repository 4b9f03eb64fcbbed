// No zod here: the web app imports these constants, and a schema built at the top of a module it
// imports would bring all of zod into its first load (see events.ts). The schemas import them.

/**
 * Team rooms (decision 0011): a team's named conversations of any number of people and AI agents. A room
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

/** A room's members shown beside a message as seen markers before '+N'. */
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
