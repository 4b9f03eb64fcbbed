import { isIPv4 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { notFoundHandler } from './error-handler';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * Lets through only requests from this machine, judged by the TCP peer: `req.ip` and
 * X-Forwarded-For are whatever a client (or a proxy on this machine) says. Others see the
 * ordinary 404, so the route's existence is not revealed.
 */
export const loopbackOnly: RequestHandler = (req: Request, res, next) => {
  if (isLoopbackAddress(req.socket.remoteAddress)) return next();
  notFoundHandler(req, res, next);
};
