import type { z } from 'zod';
import type { TErrorDetails } from './errors';

/** Field path → first message for that field, in the order the schema reported them. */
export function zodDetails(error: z.ZodError): TErrorDetails {
  const details: TErrorDetails = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    details[key] ??= issue.message;
  }
  return details;
}

export function firstZodMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from clients are checked before they reach SQL, so a malformed one is a 4xx, not a cast error. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

const ROOM_PATTERN = /^conversation:(.+)$/;
/** The conversation id inside a room name, or undefined when the name is not a conversation room. */
export function conversationIdOfRoom(roomId: string): string | undefined {
  const id = ROOM_PATTERN.exec(roomId)?.[1];
  return isUuid(id) ? id : undefined;
}

/** Strips one leading '@' so '@ada' and 'ada' name the same agent. Here, not beside the auth schemas: the web's first load uses it and builds no schema. */
export const stripAt = (value: string) => value.trim().replace(/^@/, '');

export const NEXT_PATH_MAX_LENGTH = 512;
const NEXT_BASE = 'http://agentroom.invalid';

/**
 * Where to go back to after signing in, registering or following an emailed link (`next`): a path
 * of this app only. Never another origin ('//host', '/\\host', 'https:…'), never control characters
 * or spaces, never the auth pages themselves (no loop) nor the API.
 */
export function isSafeNextPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_PATH_MAX_LENGTH) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (/^\/(auth|api)(\/|$|\?|#)/i.test(value)) return false;
  try {
    return new URL(value, NEXT_BASE).origin === NEXT_BASE;
  } catch {
    return false;
  }
}
