import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

const REQUEST_ID_HEADER = 'X-Request-Id';
/** An id a proxy or client may pass in: short and plain, so it is safe in headers and log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id, echoed as `X-Request-Id`, carried by its log lines and its error
 * envelope, so a user's error report leads to the log. A sane incoming id (from a proxy) is kept.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER);
  req.id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
};

/** The id `requestId` gave this request, if it ran. */
export function requestIdOf(req: IncomingMessage | undefined): string | undefined {
  const id: unknown = req?.id;
  return typeof id === 'string' ? id : undefined;
}
