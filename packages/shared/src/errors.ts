/** Stable error codes carried in the envelope `{ success: false, error, code, details? }`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOKEN_INVALID',
  'LINK_EXPIRED',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Field-level problems: field path → first message for that field. */
export type TErrorDetails = Record<string, string>;

export interface TErrorEnvelope {
  success: false;
  error: string;
  code: TErrorCode;
  details?: TErrorDetails;
  /** The request's `X-Request-Id`, for a user's error report to find the server's log. */
  requestId?: string;
}

export interface TSuccessEnvelope<T> {
  success: true;
  data: T;
}

export type TEnvelope<T> = TSuccessEnvelope<T> | TErrorEnvelope;
