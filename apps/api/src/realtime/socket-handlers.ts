import {
  AUTH_ERRORS,
  conversationIdOfRoom,
  conversationRoom,
  firstZodMessage,
  GENERIC_ERRORS,
  ZRoomPayload,
  ZTypingPayload,
  type TSocketAck,
} from '@agentroom/shared';
import type { z } from 'zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppContext } from '../context';
import { assertConversationParticipant } from '../chat/chat-access';
import { findAgent } from '../chat/chat-repo';
import { presentSeenAgent } from '../chat/chat-presenters';
import { AppError } from '../core/app-error';
import type { AppSocket } from './socket-types';

type Ack = (result: TSocketAck) => void;

/**
 * Wraps a client → server handler: validates the payload with a shared schema, answers the ack (when
 * one was given) with `{ ok: true }` or `{ ok: false, error, code }`, and never lets an error escape.
 */
function handler<S extends z.ZodType>(ctx: AppContext, schema: S, run: (payload: z.output<S>) => Promise<void>, limit: () => Promise<unknown>) {
  return (...args: unknown[]) => {
    const last = args[args.length - 1];
    const ack: Ack = typeof last === 'function' ? (last as Ack) : () => {};
    const parsed = schema.safeParse(typeof args[0] === 'function' ? undefined : args[0]);
    if (!parsed.success) return ack({ ok: false, error: firstZodMessage(parsed.error), code: 'VALIDATION_ERROR' });
    limit()
      .catch(() => {
        throw new AppError(429, 'RATE_LIMITED', GENERIC_ERRORS.rateLimited);
      })
      .then(() => run(parsed.data))
      .then(() => ack({ ok: true }))
      .catch((error: unknown) => {
        if (error instanceof AppError) return ack({ ok: false, error: error.message, code: error.code });
        ctx.logger.error({ err: error }, 'socket handler failed');
        ack({ ok: false, error: GENERIC_ERRORS.internal, code: 'INTERNAL' });
      });
  };
}

/**
 * Events a socket may send per window: typing is sent on the first key and after 2 s idle, so a
 * real client stays far below; a runaway one gets RATE_LIMITED acks and its events are dropped.
 */
const socketEvents = new RateLimiterMemory({ points: 60, duration: 10 });

/** room:join, room:leave and typing relay for one connected socket. */
export function registerSocketHandlers(ctx: AppContext, socket: AppSocket) {
  const { agentId } = socket.data.auth;
  const limit = () => socketEvents.consume(socket.id);
  // Checked on every event, not remembered: access ends when the person leaves the conversation's team.
  const participantIdFor = async (conversationId: string) =>
    (await assertConversationParticipant(ctx.db, conversationId, agentId)).participant.id;

  socket.on(
    'room:join',
    handler(ctx, ZRoomPayload, async ({ roomId }) => {
      const conversationId = conversationIdOfRoom(roomId)!;
      await participantIdFor(conversationId);
      await socket.join(conversationRoom(conversationId));
    }, limit),
  );

  socket.on(
    'room:leave',
    handler(ctx, ZRoomPayload, async ({ roomId }) => {
      await socket.leave(conversationRoom(conversationIdOfRoom(roomId)!));
    }, limit),
  );

  let self: ReturnType<typeof presentSeenAgent> | undefined;
  socket.on(
    'conversation:participant:typing',
    handler(ctx, ZTypingPayload, async ({ conversationId, isTyping }) => {
      const participantId = await participantIdFor(conversationId);
      if (!self) {
        const agent = await findAgent(ctx.db, agentId);
        if (!agent) throw new AppError(401, 'UNAUTHENTICATED', AUTH_ERRORS.authRequired);
        self = presentSeenAgent(agent);
      }
      // To everyone in the room but this socket, on every node.
      socket.to(conversationRoom(conversationId)).emit('conversation:participant:typing', {
        conversationId,
        participantId,
        agentId,
        agent: self,
        isTyping,
      });
    }, limit),
  );
}
