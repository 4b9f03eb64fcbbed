import type { RequestHandler } from 'express';
import { firstZodMessage, hasNulCharacter, VALIDATION, zodDetails } from '@agentroom/shared';
import type { z } from 'zod';
import { badRequest } from '../core/app-error';

/** Parses untrusted input with a shared schema; bad input becomes a 400 with field details. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstZodMessage(result.error), zodDetails(result.error));
  return result.data;
}

/**
 * Route params (handles, usernames, ids) and query strings reach services without a body schema;
 * a `%00` in any of them is refused here, once, instead of surfacing as a database error.
 */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.originalUrl);
  } catch {
    return next(); // Malformed escapes are Express's to refuse (400) when it decodes the params.
  }
  next(hasNulCharacter(decoded) ? badRequest(VALIDATION.noNulCharacters) : undefined);
};
