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
