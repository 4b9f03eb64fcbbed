import { SOCKET_EVENTS, type TChatMessage, type TErrorCode, type TSendMessageAck, type TSocketSendPayload } from '@agentroom/shared';
import { ApiError } from '../api/api-error';
import type { AppSocket } from '../realtime/socket-client';

/**
 * How long a send waits for `message:send`'s ack (it comes once the message is stored, normally in
 * milliseconds) before it goes over HTTP instead, with the same clientMessageId.
 */
const SEND_ACK_TIMEOUT_MS = 5_000;

/**
 * Acks that say the way failed rather than the message: HTTP may still succeed (a TOKEN_EXPIRED ack
 * means the socket's handshake token aged out; HTTP refreshes the stored one and retries), and the
 * same clientMessageId makes the second try safe.
 */
const TRY_HTTP: ReadonlySet<TErrorCode> = new Set(['TOKEN_EXPIRED', 'INTERNAL', 'SERVICE_UNAVAILABLE']);

/** The HTTP status the route would answer with the same code (the socket has none of its own). */
const STATUS_OF: Partial<Record<TErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/**
 * Sockets whose handshake token has expired: every send on them would be refused the same way until
 * they reconnect (the handshake reads the stored, refreshed token again), so sends go over HTTP.
 */
const staleToken = new WeakSet<AppSocket>();

function markStale(socket: AppSocket) {
  if (staleToken.has(socket)) return;
  staleToken.add(socket);
  const clear = () => {
    staleToken.delete(socket);
    socket.off('connect', clear);
  };
  socket.on('connect', clear);
}

/** The socket can take this send: connected, and its token still good. */
export const canSendOver = (socket: AppSocket | null): socket is AppSocket => !!socket?.connected && !staleToken.has(socket);

/**
 * One send over the open socket (`message:send`, decision 0013). Resolves the stored message, or
 * `undefined` when the send should go over HTTP instead (no ack in time, the socket dropped, or an
 * ack saying the way failed); throws the ack's error, as the HTTP route would answer it, otherwise.
 */
export async function sendOverSocket(socket: AppSocket, payload: TSocketSendPayload): Promise<TChatMessage | undefined> {
  let ack: TSendMessageAck;
  try {
    ack = await socket.timeout(SEND_ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.messageSend, payload);
  } catch {
    // Timed out, or disconnected before the ack: the message may or may not be stored.
    return undefined;
  }
  if (ack.ok) return ack.participantMessage;
  if (ack.code === 'TOKEN_EXPIRED') markStale(socket);
  if (TRY_HTTP.has(ack.code)) return undefined;
  throw new ApiError(ack.error, STATUS_OF[ack.code] ?? 400, ack.code);
}
