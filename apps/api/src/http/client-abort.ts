import type { Request, Response } from 'express';

/** How Node says a client went away mid-response (a download cancelled, a tab closed, a lazy image dropped). */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

/**
 * Whether an error only says that the client stopped listening: its connection is gone and the error
 * is one Node gives for that. Nothing failed on our side, so it is no error to log (at most a debug
 * line) and there is no one to answer. (An ECONNRESET from the database, the client still there, is
 * an error.)
 */
export function isClientAbort(error: unknown, req: Request, res: Response): boolean {
  const gone = (req.destroyed || res.destroyed || req.socket?.destroyed === true) && !res.writableFinished;
  if (!gone) return false;
  const e = (error ?? {}) as { code?: unknown; message?: unknown; type?: unknown };
  return (typeof e.code === 'string' && ABORT_CODES.has(e.code)) || e.message === 'aborted' || e.message === 'Premature close' || e.type === 'request.aborted';
}
