import type { Response } from 'express';
import type { TErrorCode, TErrorDetails } from '@agentroom/shared';
import { requestIdOf } from './request-id';

export function sendData<T>(res: Response, data: T, status = 200): void {
  res.status(status).json({ success: true, data });
}

/**
 * sendData for the send route: the same body and Content-Type, written straight out. Express's
 * res.json also computes an ETag (a SHA-1 of the body) and checks freshness, which a POST's answer
 * never uses.
 */
export function sendDataNow<T>(res: Response, data: T, status = 200): void {
  const body = JSON.stringify({ success: true, data });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
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
