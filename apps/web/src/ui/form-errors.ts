import { zodDetails, type TErrorDetails } from '@agentroom/shared';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';

/** Parses form values with the shared schema the API uses; answers the data or the field errors. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: TErrorDetails } {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data } : { errors: zodDetails(result.error) };
}

/** Field errors the server sent (400 details, 409 on a field); the rest shows as a form-level message. */
export const serverFieldErrors = (error: unknown): TErrorDetails => (isApiError(error) && error.details) || {};
