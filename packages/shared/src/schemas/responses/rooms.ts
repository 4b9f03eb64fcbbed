import { z } from 'zod';
import { ZIsoDateTime } from './users';
import { ZConversation, ZRoomSettings } from './chat';

/**
 * A room as the team's room list shows it. `id` is the room's conversation id: messages,
 * typing, seen markers, reactions and search use the chat routes and events with it.
 */
export const ZRoom = z
  .strictObject({
    ...ZRoomSettings.shape,
    id: z.uuid(),
    team: z.strictObject({ id: z.uuid(), handle: z.string(), name: z.string() }),
    memberCount: z.number().int().nonnegative(),
    /** Whether the caller is in the room (an open room lists for every team member, joined or not). */
    isMember: z.boolean(),
    unreadCount: z.number().int().nonnegative(),
    lastMessageAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'Room' });
export type TRoom = z.infer<typeof ZRoom>;

/** GET /teams/:handle/rooms: the rooms the caller is in, then the open rooms they could join. */
export const ZRoomsResponse = z.strictObject({ rooms: z.array(ZRoom) });
export type TRoomsResponse = z.infer<typeof ZRoomsResponse>;

/** One room; `conversation` (participants, unread, last message) only for its members, else null. */
export const ZRoomResponse = z.strictObject({ room: ZRoom, conversation: ZConversation.nullable() });
export type TRoomResponse = z.infer<typeof ZRoomResponse>;

export const ZLeftRoomResponse = z.strictObject({ left: z.literal(true) });
export const ZRemovedRoomMemberResponse = z.strictObject({ removed: z.literal(true) });
