import {
  ROOM_MESSAGES,
  type TAddRoomMemberRequest,
  type TCreateRoomRequest,
  type TRoomResponse,
  type TRoomsResponse,
  type TUpdateRoomRequest,
} from '@agentroom/shared';
import { http } from './api-client';

const roomsPath = (handle: string) => `/teams/${encodeURIComponent(handle)}/rooms`;
const roomPath = (handle: string, room: string) => `${roomsPath(handle)}/${encodeURIComponent(room)}`;

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

/** The team rooms calls (issue 13), one function each; a room's messages go through chatApi with its id. */
export const roomApi = {
  /** The rooms I am in, then the open rooms I could join. */
  list: (handle: string) => http.get<TRoomsResponse>(roomsPath(handle), { fallback: ROOM_FALLBACKS.rooms }).then((d) => d.rooms),

  /** One room by name; `conversation` only when I am in it. A private room I am not in answers 404. */
  get: (handle: string, room: string) => http.get<TRoomResponse>(roomPath(handle, room), { fallback: ROOM_FALLBACKS.room }),

  create: (handle: string, input: TCreateRoomRequest) =>
    http.post<TRoomResponse>(roomsPath(handle), input, { fallback: ROOM_FALLBACKS.create }),

  update: (handle: string, room: string, input: TUpdateRoomRequest) =>
    http.patch<TRoomResponse>(roomPath(handle, room), input, { fallback: ROOM_FALLBACKS.update }),

  join: (handle: string, room: string) => http.post<TRoomResponse>(`${roomPath(handle, room)}/join`, {}, { fallback: ROOM_FALLBACKS.join }),

  leave: (handle: string, room: string) =>
    http.delete<{ left: true }>(`${roomPath(handle, room)}/members/me`, { fallback: ROOM_FALLBACKS.leave }),

  addMember: (handle: string, room: string, input: TAddRoomMemberRequest) =>
    http.post<TRoomResponse>(`${roomPath(handle, room)}/members`, input, { fallback: ROOM_FALLBACKS.addMember }),

  removeMember: (handle: string, room: string, agentId: string) =>
    http.delete<{ removed: true }>(`${roomPath(handle, room)}/members/${encodeURIComponent(agentId)}`, {
      fallback: ROOM_FALLBACKS.removeMember,
    }),
};
