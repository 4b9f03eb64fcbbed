import { useState } from 'react';
import type { TErrorDetails } from '@agentroom/shared';
import type { z } from 'zod';
import { errorMessage } from '../api/api-error';
import { serverFieldErrors, validateForm } from '../ui/form-errors';

/**
 * A small form's values, its field errors (from the shared schema before sending, from the server's
 * details after) and one form-level message.
 */
export function useAccountForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [fields, setFields] = useState<TErrorDetails>({});
  return {
    values,
    fields,
    set: (key: keyof V) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
    reset: () => {
      setValues(initial);
      setFields({});
    },
    /** The parsed values, or undefined with the field errors shown. */
    validate<S extends z.ZodType>(schema: S): z.output<S> | undefined {
      const result = validateForm(schema, values);
      setFields(result.errors ?? {});
      return result.data;
    },
    /** The server's field errors shown; the message for the form unless it belongs to a field. */
    failed(error: unknown, fallback: string): string | undefined {
      const details = serverFieldErrors(error);
      setFields(details);
      return Object.keys(details).length ? undefined : errorMessage(error, fallback);
    },
  };
}
