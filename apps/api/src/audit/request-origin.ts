import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/** Where the request being handled came from, for the audit log (decision 0028). */
interface RequestOrigin {
  ip: string | null;
}

/**
 * Ambient like the current transaction (core/transaction.ts): the audit writer reads the client's
 * address without every service taking the request as an argument. Outside a request (a worker, a
 * socket event) there is none, and rows record no address: every audited change comes through HTTP.
 */
const currentOrigin = new AsyncLocalStorage<RequestOrigin>();

/** Express middleware: the rest of the request runs with its client address (Express's `req.ip`, after 'trust proxy'). */
export const rememberRequestOrigin: RequestHandler = (req, _res, next) => {
  currentOrigin.run({ ip: req.ip ?? null }, next);
};

/** The client address of the request being handled, or null. */
export const requestIp = (): string | null => currentOrigin.getStore()?.ip ?? null;
