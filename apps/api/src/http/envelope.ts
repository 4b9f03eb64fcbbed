import type { Response } from 'express';
import type { TErrorCode, TErrorDetails } from '@agentroom/shared';
import { requestIdOf } from './request-id';

export function sendData<T>(res: Response, data: T, status = 200): void {
  res.status(status).json({ success: true, data });
}

export function sendError(
  res: Response,
  status: number,
  code: TErrorCode,
  error: string,
  details?: TErrorDetails,
): void {
  // The request id lets a user's error report find the server's log of it.
  const requestId = requestIdOf(res.req);
  res.status(status).json({ success: false, error, code, ...(details && { details }), ...(requestId && { requestId }) });
}
