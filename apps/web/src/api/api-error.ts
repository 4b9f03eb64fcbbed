import { GENERIC_ERRORS, type TErrorCode, type TErrorDetails } from '@agentroom/shared';
import { t } from '../i18n';

/**
 * Every failed call becomes one of these: the server's envelope `{ error, code, details }`
 * when there is one, 'HTTP {status}' when there is not, status 0 and 'Network error' when the
 * request never got an answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: TErrorCode;
  readonly details?: TErrorDetails;

  constructor(message: string, status: number, code?: TErrorCode, details?: TErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** True when the message came from the server rather than from the client's own fallback. */
  get fromServer(): boolean {
    return this.code !== undefined;
  }

  static network(): ApiError {
    return new ApiError(t(GENERIC_ERRORS.network), 0);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A field's messages from the server, each in the reader's language (a text without a translation stays as sent). */
export const translatedDetails = (details: TErrorDetails | undefined): TErrorDetails | undefined =>
  details && Object.fromEntries(Object.entries(details).map(([field, message]) => [field, t(message)]));

/**
 * A message the server wrote is kept (auth errors say what went wrong); otherwise they fall back to the call's own
 * text (e.g. 'Login failed'). A network failure keeps 'Network error', which says more.
 */
export function withFallback(error: unknown, fallback: string): ApiError {
  if (isApiError(error) && (error.fromServer || error.status === 0)) return error;
  const status = isApiError(error) ? error.status : 0;
  return new ApiError(t(fallback), status, isApiError(error) ? error.code : undefined);
}

/** A message for any thrown value, for places that only show text; the fallback (an English text) in the reader's language. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : t(fallback);
