import { Router } from 'express';
import type { Redis } from 'ioredis';
import { ZAddRoomMemberRequest, ZCreateRoomRequest, ZUpdateRoomRequest } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { pathParam } from '../teams/teams-routes';
import * as rooms from './rooms-service';

/** Writes per client and window, like the team routes: generous for people, a brake for scripts. */
const ROOM_WRITES_PER_WINDOW = 300;

/**
 * Team rooms (issue 13) under /teams/:handle/rooms. A room's messages, typing, seen markers and
 * reactions go through the chat routes with its id. Every route: authenticate → validate → service.
 */
export function roomsRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  const writeLimit = createRateLimit({ name: 'room-writes', windowMs: ctx.config.rateLimit.windowMs, limit: ROOM_WRITES_PER_WINDOW, redis });
  const params = (req: Parameters<typeof pathParam>[0]) => ({
    handle: pathParam(req, 'handle'),
    room: pathParam(req, 'room'),
    agentId: authOf(req).agentId,
  });

  router.get('/:handle/rooms', verified, async (req, res) => {
    sendData(res, { rooms: await rooms.listRooms(ctx, pathParam(req, 'handle'), authOf(req).agentId) });
  });

  router.post('/:handle/rooms', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZCreateRoomRequest, req.body);
    sendData(res, await rooms.createRoom(ctx, pathParam(req, 'handle'), authOf(req).agentId, input), 201);
  });

  router.get('/:handle/rooms/:room', verified, async (req, res) => {
    const { handle, room, agentId } = params(req);
    sendData(res, await rooms.getRoom(ctx, handle, room, agentId));
  });

  router.patch('/:handle/rooms/:room', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZUpdateRoomRequest, req.body);
    const { handle, room, agentId } = params(req);
    sendData(res, await rooms.updateRoom(ctx, handle, room, agentId, input));
  });

  router.post('/:handle/rooms/:room/join', writeLimit, verified, async (req, res) => {
    const { handle, room, agentId } = params(req);
    sendData(res, await rooms.joinRoom(ctx, handle, room, agentId));
  });

  router.delete('/:handle/rooms/:room/members/me', writeLimit, verified, async (req, res) => {
    const { handle, room, agentId } = params(req);
    await rooms.leaveRoom(ctx, handle, room, agentId);
    sendData(res, { left: true });
  });

  router.post('/:handle/rooms/:room/members', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZAddRoomMemberRequest, req.body);
    const { handle, room, agentId } = params(req);
    sendData(res, await rooms.addRoomMember(ctx, handle, room, agentId, input));
  });

  // After /members/me, so 'me' is never taken for an id.
  router.delete('/:handle/rooms/:room/members/:agentId', writeLimit, verified, async (req, res) => {
    const { handle, room, agentId } = params(req);
    await rooms.removeRoomMember(ctx, handle, room, agentId, pathParam(req, 'agentId'));
    sendData(res, { removed: true });
  });

  return router;
}
