import type { ErrorRequestHandler, Response } from 'express';
import { AppError } from '../core/app-error';

/** A 429 that knows when trying again makes sense (account lockout, verification cooldown). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'RATE_LIMITED', message);
  }
}

/** Adds Retry-After to a RetryLaterError, then lets the app's error handler write the envelope. */
export const retryAfterHeader: ErrorRequestHandler = (err: unknown, _req, res: Response, next) => {
  if (err instanceof RetryLaterError && !res.headersSent) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  next(err);
};
