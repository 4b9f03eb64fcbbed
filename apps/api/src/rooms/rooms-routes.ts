import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import * as rooms from './rooms-service';

/**
 * Team rooms under /teams/:handle/rooms. A room's messages, typing, seen markers and reactions go
 * through the chat routes with its conversation id.
 */
export const roomsRoutes = (ctx: AppContext) =>
  defineHandlers({
    listRooms: async ({ auth, params }) => ({ rooms: await rooms.listRooms(ctx, params.handle, auth.agentId) }),
    createRoom: ({ auth, params, body }) => rooms.createRoom(ctx, params.handle, auth.agentId, body),
    getRoom: ({ auth, params }) => rooms.getRoom(ctx, params.handle, params.room, auth.agentId),
    updateRoom: ({ auth, params, body }) => rooms.updateRoom(ctx, params.handle, params.room, auth.agentId, body),
    joinRoom: ({ auth, params }) => rooms.joinRoom(ctx, params.handle, params.room, auth.agentId),
    leaveRoom: async ({ auth, params }) => {
      await rooms.leaveRoom(ctx, params.handle, params.room, auth.agentId);
      return { left: true };
    },
    addRoomMember: ({ auth, params, body }) => rooms.addRoomMember(ctx, params.handle, params.room, auth.agentId, body),
    removeRoomMember: async ({ auth, params }) => {
      await rooms.removeRoomMember(ctx, params.handle, params.room, auth.agentId, params.agentId);
      return { removed: true };
    },
  });
