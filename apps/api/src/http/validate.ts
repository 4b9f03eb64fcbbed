import { firstZodMessage, zodDetails } from '@agentroom/shared';
import type { z } from 'zod';
import { badRequest } from '../core/app-error';

/** Parses untrusted input with a shared schema; bad input becomes a 400 with field details. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(firstZodMessage(result.error), zodDetails(result.error));
  return result.data;
}
