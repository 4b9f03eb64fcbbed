import type { ErrorRequestHandler, RequestHandler } from 'express';
import { GENERIC_ERRORS, HTTP_ERRORS } from '@agentroom/shared';
import type { Logger } from 'pino';
import { AppError } from '../core/app-error';
import { isClientAbort } from './client-abort';
import { sendError } from './envelope';
import { requestIdOf } from './request-id';
import { redactUrl } from './log-safety';

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
}

/** Unknown API paths answer in the envelope, not with Express's HTML page. */
export const notFoundHandler: RequestHandler = (_req, res) => sendError(res, 404, 'NOT_FOUND', GENERIC_ERRORS.notFound);

/** The one place an error becomes a response; nothing leaks a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    // A client that went away (a cancelled download) is no error of ours, and has no one to answer.
    const where = { reqId: requestIdOf(req), method: req.method, url: redactUrl(req.originalUrl) };
    if (isClientAbort(err, req, res)) return void logger.debug({ ...where, code: (err as HttpishError | undefined)?.code }, 'client went away');
    // Part of the answer is out: too late for an error envelope, but worth a line.
    if (res.headersSent) return void logger.warn({ err, ...where }, 'failed after the answer began');
    if (err instanceof AppError) return sendError(res, err.status, err.code, err.message, err.details);
    const e = (err ?? {}) as HttpishError;
    if (e.type === 'entity.parse.failed') return sendError(res, 400, 'INVALID_JSON', GENERIC_ERRORS.invalidJson);
    if (e.type === 'entity.too.large') return sendError(res, 413, 'PAYLOAD_TOO_LARGE', GENERIC_ERRORS.payloadTooLarge);
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported')
      return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', HTTP_ERRORS.unsupportedEncoding);
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500)
      return sendError(res, status, 'VALIDATION_ERROR', err instanceof Error ? err.message : HTTP_ERRORS.badRequest);
    logger.error({ err, ...where }, 'unhandled error');
    sendError(res, 500, 'INTERNAL', GENERIC_ERRORS.internal);
  };
}
