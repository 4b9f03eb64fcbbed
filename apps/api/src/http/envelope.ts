import type { Response } from 'express';
import type { TErrorCode, TErrorDetails } from '@agentroom/shared';

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
  res.status(status).json(details ? { success: false, error, code, details } : { success: false, error, code });
}
