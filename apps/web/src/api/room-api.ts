import { ROOM_MESSAGES, type TAddRoomMemberRequest, type TCreateRoomRequest, type TUpdateRoomRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Fallback texts when the server gives none (a network error keeps its own). */
export const ROOM_FALLBACKS = {
  rooms: 'Failed to load rooms',
  room: ROOM_MESSAGES.notFound,
  create: 'Failed to create room',
  update: 'Failed to save room',
  join: 'Failed to join room',
  leave: 'Failed to leave room',
  addMember: 'Failed to add to room',
  removeMember: 'Failed to remove from room',
} as const;

/** The team rooms calls, one function each; a room's messages go through chatApi with its conversation id. */
export const roomApi = {
  /** The rooms I am in, then the open rooms I could join. */
  list: (handle: string) => call(routes.listRooms, { params: { handle }, fallback: ROOM_FALLBACKS.rooms }).then((d) => d.rooms),

  /** One room by name; `conversation` only when I am in it. A private room I am not in answers 404. */
  get: (handle: string, room: string) => call(routes.getRoom, { params: { handle, room }, fallback: ROOM_FALLBACKS.room }),

  create: (handle: string, input: TCreateRoomRequest) => call(routes.createRoom, { params: { handle }, body: input, fallback: ROOM_FALLBACKS.create }),

  update: (handle: string, room: string, input: TUpdateRoomRequest) =>
    call(routes.updateRoom, { params: { handle, room }, body: input, fallback: ROOM_FALLBACKS.update }),

  join: (handle: string, room: string) => call(routes.joinRoom, { params: { handle, room }, fallback: ROOM_FALLBACKS.join }),

  leave: (handle: string, room: string) => call(routes.leaveRoom, { params: { handle, room }, fallback: ROOM_FALLBACKS.leave }),

  addMember: (handle: string, room: string, input: TAddRoomMemberRequest) =>
    call(routes.addRoomMember, { params: { handle, room }, body: input, fallback: ROOM_FALLBACKS.addMember }),

  removeMember: (handle: string, room: string, agentId: string) =>
    call(routes.removeRoomMember, { params: { handle, room, agentId }, fallback: ROOM_FALLBACKS.removeMember }),
};
