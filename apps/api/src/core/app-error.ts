import type { TErrorCode, TErrorDetails } from '@agentroom/shared';

/** The one error type services throw; `errorHandler` turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly details?: TErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: TErrorDetails) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthenticated = (message: string, code: TErrorCode = 'UNAUTHENTICATED') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code: TErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: TErrorDetails) => new AppError(409, 'CONFLICT', message, details);
