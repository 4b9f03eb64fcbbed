import {
  AUTH_ERRORS,
  conversationIdOfRoom,
  conversationRoom,
  EXTERNAL_AGENT_ERRORS,
  firstZodMessage,
  GENERIC_ERRORS,
  ZRoomPayload,
  ZSocketAgentReplyDelta,
  ZSocketAgentReplyFinish,
  ZStartAgentReplyRequest,
  ZTypingPayload,
  type TAgentReplyAck,
  type TSendMessageAck,
  type TSocketAck,
} from '@agentroom/shared';
import type { z } from 'zod';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { AppContext, AuthState } from '../context';
import { appendAgentReply, finishAgentReply, startAgentReply } from '../external-agents/agent-replies-service';
import { assertConversationParticipant, readOnlyReasonIn } from '../chat/chat-access';
import { findAgent } from '../chat/chat-repo';
import { presentSeenAgent } from '../chat/chat-presenters';
import type { SendMessage } from '../chat/send-message';
import { AppError } from '../core/app-error';
import { authenticateToken } from '../auth/require-auth';
import type { CommandsInFlight } from './commands-in-flight';
import type { AppSocket } from './socket-types';

/** The callback a client passed last, if any (a client may emit without one). */
function ackOf<T>(args: unknown[]): (result: T) => void {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as (result: T) => void) : () => {};
}

type ErrorAck = Extract<TSocketAck, { ok: false }>;

/** An error as an ack: an AppError says what it says; anything else is logged and answered INTERNAL. */
function errorAck(ctx: AppContext, error: unknown): ErrorAck {
  if (error instanceof AppError) return { ok: false, error: error.message, code: error.code };
  ctx.logger.error({ err: error }, 'socket handler failed');
  return { ok: false, error: GENERIC_ERRORS.internal, code: 'INTERNAL' };
}

/**
 * Runs a command and answers its ack with the result or the error. The command counts as in flight
 * from here until its ack is sent, so a stopping node answers it before it disconnects the socket.
 */
function answer<A>(ctx: AppContext, commands: CommandsInFlight, ack: (result: NoInfer<A> | ErrorAck) => void, work: () => Promise<A>): void {
  commands.begin();
  const reply = (result: A | ErrorAck) => {
    try {
      ack(result);
    } finally {
      commands.end();
    }
  };
  work().then(reply, (error: unknown) => reply(errorAck(ctx, error)));
}

/**
 * Wraps a client → server handler: validates the payload with a shared schema, answers the ack (when
 * one was given) with `{ ok: true }` or `{ ok: false, error, code }`, and never lets an error escape.
 */
function handler<S extends z.ZodType>(
  ctx: AppContext,
  commands: CommandsInFlight,
  schema: S,
  run: (payload: z.output<S>) => Promise<void>,
  limit: () => Promise<unknown>,
) {
  return (...args: unknown[]) => {
    const ack = ackOf<TSocketAck>(args);
    const parsed = schema.safeParse(typeof args[0] === 'function' ? undefined : args[0]);
    if (!parsed.success) return ack({ ok: false, error: firstZodMessage(parsed.error), code: 'VALIDATION_ERROR' });
    answer(ctx, commands, ack, async () => {
      await limit().catch(() => {
        throw new AppError(429, 'RATE_LIMITED', GENERIC_ERRORS.rateLimited);
      });
      await run(parsed.data);
      return { ok: true } as const;
    });
  };
}

/**
 * `message:send`, the HTTP send's twin over the open socket: the handshake's token is checked again
 * (a live session, as on every request), then the one send command does the rest as for HTTP. The
 * ack comes only once the message is stored (durable), with the message as the HTTP answer has it,
 * or with the error code the HTTP envelope would carry.
 */
function messageSendHandler(ctx: AppContext, socket: AppSocket, commands: CommandsInFlight, sendMessage: SendMessage) {
  const send = async (payload: unknown): Promise<TSendMessageAck> => {
    const caller = await authenticateToken(ctx, socket.handshake.auth?.token as string | undefined);
    const { message, created } = await sendMessage(caller, { payload });
    return { ok: true, participantMessage: message, created };
  };
  return (...args: unknown[]) => {
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    answer(ctx, commands, ackOf<TSendMessageAck>(args), () => send(payload));
  };
}

/**
 * The per-socket limit of typing and room events, one per server: typing is sent on the first key
 * and after 2 s idle, so a real client stays far below; a runaway one gets RATE_LIMITED acks and its
 * events are dropped. Sends are not counted here (a chat at full speed would exceed it): they spend
 * the person's message limit.
 */
export const createSocketEventLimit = () => new RateLimiterMemory({ points: 60, duration: 10 });

/**
 * An external agent's streamed-reply calls over its socket, per agent: the HTTP routes' budget
 * ('agent-replies', 1200 a minute), kept on this node (a stream's deltas usually reach one node).
 */
export const createAgentReplyLimit = () => new RateLimiterMemory({ points: 1200, duration: 60 });

/** What the socket handlers share across sockets, built by the composition root. */
export interface SocketHandlerDeps {
  sendMessage: SendMessage;
  eventLimit: RateLimiterMemory;
  agentReplyLimit: RateLimiterMemory;
  /** This node's acked commands not yet answered (a stopping node answers them first). */
  commands: CommandsInFlight;
}

/**
 * `agent:reply:start|delta|finish`, the twins of the agent's HTTP reply calls: the handshake's token
 * is checked again (a revoked token stops at once), only an agent token may call them, the payload is
 * parsed, and the ack is the stream (with its offset, or the stored message) or the error, never a crash.
 */
function agentReplyHandler<S extends z.ZodType>(
  ctx: AppContext,
  socket: AppSocket,
  commands: CommandsInFlight,
  limit: RateLimiterMemory,
  schema: S,
  run: (caller: AuthState, payload: z.output<S>) => Promise<Extract<TAgentReplyAck, { ok: true }>>,
) {
  const call = async (payload: unknown): Promise<TAgentReplyAck> => {
    const caller = await authenticateToken(ctx, socket.handshake.auth?.token as string | undefined);
    if (!caller.external) throw new AppError(403, 'FORBIDDEN', EXTERNAL_AGENT_ERRORS.agentsOnly);
    await limit.consume(caller.agentId).catch(() => {
      throw new AppError(429, 'RATE_LIMITED', GENERIC_ERRORS.rateLimited);
    });
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new AppError(400, 'VALIDATION_ERROR', firstZodMessage(parsed.error));
    return run(caller, parsed.data);
  };
  return (...args: unknown[]) => {
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    answer(ctx, commands, ackOf<TAgentReplyAck>(args), () => call(payload));
  };
}

/** room:join, room:leave, typing relay and message:send for one connected socket. */
export function registerSocketHandlers(ctx: AppContext, socket: AppSocket, { sendMessage, eventLimit, agentReplyLimit, commands }: SocketHandlerDeps) {
  const { agentId } = socket.data.auth;
  const limit = () => eventLimit.consume(socket.id);
  // Checked on every event, not remembered: access ends when the person leaves the conversation's team.
  const participantIdFor = async (conversationId: string) =>
    (await assertConversationParticipant(ctx.db, conversationId, agentId)).participant.id;

  socket.on(
    'room:join',
    handler(ctx, commands, ZRoomPayload, async ({ roomId }) => {
      const conversationId = conversationIdOfRoom(roomId)!;
      await participantIdFor(conversationId);
      await socket.join(conversationRoom(conversationId));
    }, limit),
  );

  socket.on(
    'room:leave',
    handler(ctx, commands, ZRoomPayload, async ({ roomId }) => {
      await socket.leave(conversationRoom(conversationIdOfRoom(roomId)!));
    }, limit),
  );

  socket.on('message:send', messageSendHandler(ctx, socket, commands, sendMessage));

  socket.on(
    'agent:reply:start',
    agentReplyHandler(ctx, socket, commands, agentReplyLimit, ZStartAgentReplyRequest, async (caller, payload) => {
      const { streamId } = await startAgentReply(ctx, caller, payload);
      return { ok: true, streamId };
    }),
  );
  socket.on(
    'agent:reply:delta',
    agentReplyHandler(ctx, socket, commands, agentReplyLimit, ZSocketAgentReplyDelta, async (caller, { streamId, delta }) => {
      const { offset } = await appendAgentReply(ctx, caller, streamId, delta);
      return { ok: true, streamId, offset };
    }),
  );
  socket.on(
    'agent:reply:finish',
    agentReplyHandler(ctx, socket, commands, agentReplyLimit, ZSocketAgentReplyFinish, async (caller, { streamId, content }) => {
      const message = await finishAgentReply(ctx, caller, streamId, content);
      return { ok: true, streamId, message };
    }),
  );

  let self: ReturnType<typeof presentSeenAgent> | undefined;
  socket.on(
    'conversation:participant:typing',
    handler(ctx, commands, ZTypingPayload, async ({ conversationId, isTyping }) => {
      const { participant, conversation } = await assertConversationParticipant(ctx.db, conversationId, agentId);
      const participantId = participant.id;
      // A read-only 1:1 (out of reach, or a block either way) relays no typing (decision 0022).
      if (await readOnlyReasonIn(ctx.db, conversation, agentId)) return;
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
