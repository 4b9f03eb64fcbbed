import { v7 as uuidv7 } from 'uuid';
import {
  AUTH_ERRORS,
  CHAT_ERRORS,
  firstZodMessage,
  GENERIC_ERRORS,
  THREAD_ERRORS,
  ZSendMessageRequest,
  ZSocketSendPayload,
  zodDetails,
  type TChatMessage,
} from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { AppError, badRequest, conflict } from '../core/app-error';
import type { LeasedRateLimit, LimitCount } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { assertMayWriteTo } from './chat-access';
import { messageLimitKey } from './message-limit';
import { isThread } from './thread-parent';
import { findSentMessage, resolveSendTarget, type MessageWriter } from './message-service';

/**
 * A send as a transport hands it over, unparsed: HTTP names the conversation in its path and sends
 * the message as the body (`ZSendMessageRequest`); the socket's `message:send` names it in the
 * payload, beside the message (`ZSocketSendPayload`: the same fields and rules).
 */
type SendRequest = { conversationId: string; body: unknown } | { payload: unknown };

/** The message, and whether this send stored it (false: a retry found it already stored). */
interface SentMessage {
  message: TChatMessage;
  created: boolean;
}

/**
 * The one way a person sends a message, whichever transport it came by; the transport has only
 * authenticated the caller, and translates the answer (HTTP status and envelope, or the socket's
 * ack). `onLimitCount` hears the message limit's count, for the HTTP rate-limit headers.
 */
export type SendMessage = (caller: AuthState, request: SendRequest, onLimitCount?: (count: LimitCount) => void) => Promise<SentMessage>;

/** Bad input as the envelope (and the ack) says it: the first problem, with details per field. */
function parseSendRequest(request: SendRequest) {
  if ('body' in request) return { ...parseInput(ZSendMessageRequest, request.body), conversationId: request.conversationId };
  const parsed = ZSocketSendPayload.safeParse(request.payload);
  if (!parsed.success) throw badRequest(firstZodMessage(parsed.error), zodDetails(parsed.error));
  return parsed.data;
}

/**
 * Builds the send command. In this order, as a person's send always ran: a verified email, one hit
 * on the person's message limit (one budget for both transports, so switching does not double it),
 * the input's rules, access to the conversation (404 when not a participant), then storage, which
 * a read-only 1:1 refuses (403; a retry there is refused too). The
 * same (sender, clientMessageId) stores one message: a retry, by either transport or on another
 * node, answers the stored one (created: false), unless that one went to another conversation (409).
 */
export function createSendMessage(ctx: AppContext, { messageLimit, writer }: { messageLimit: LeasedRateLimit; writer: MessageWriter }): SendMessage {
  return async (caller, request, onLimitCount) => {
    if (!caller.isVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_ERRORS.emailNotVerified);
    const count = await messageLimit.count(messageLimitKey(caller.agentId));
    onLimitCount?.(count);
    if (!messageLimit.admits(count)) throw new AppError(429, 'RATE_LIMITED', GENERIC_ERRORS.rateLimited);
    const { conversationId, targetAgentId, ...parsed } = parseSendRequest(request);
    // Fixed once, so a lost race below finds the row that won it.
    const input = { ...parsed, clientMessageId: parsed.clientMessageId ?? `server:${uuidv7()}` };
    const target = await resolveSendTarget(ctx, caller.agentId, conversationId);
    // "Also send to #room" belongs to a thread reply (decision 0026).
    if (input.alsoSendToParent && !isThread(target.conversation))
      throw badRequest(THREAD_ERRORS.notAThread, { alsoSendToParent: THREAD_ERRORS.notAThread });
    if (targetAgentId && !target.recipients.some((r) => r.id === targetAgentId))
      throw badRequest(CHAT_ERRORS.targetNotParticipant, { targetAgentId: CHAT_ERRORS.targetNotParticipant });
    // A 1:1 with someone out of reach or behind a block is read-only (decision 0022): 403. The
    // writer checks it where it stores, so a plain send pays no round trip for it.
    const written = await writer.write(target, input);
    if (written) return { message: written.message, created: true };
    // Nothing stored: refused by the reach rule (403), or a retry of a stored message.
    await assertMayWriteTo(ctx.db, target);
    // A retry (double click, network retry, another node): answer the message already stored.
    const earlier = (await findSentMessage(ctx, caller.agentId, input.clientMessageId))!;
    if (earlier.conversationId !== conversationId) throw conflict(CHAT_ERRORS.clientMessageIdReused);
    return { message: earlier, created: false };
  };
}
