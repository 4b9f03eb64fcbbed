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

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Lets through only requests from this machine, judged by the TCP peer: `req.ip` and
 * X-Forwarded-For are whatever a client says. A forwarding header from a loopback peer means a
 * proxy on this machine relays someone else, so it refuses; it never lets anyone in. Others see
 * the ordinary 404, so the route's existence is not revealed.
 */
export const loopbackOnly: RequestHandler = (req: Request, res, next) => {
  const relayed = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  if (isLoopbackAddress(req.socket.remoteAddress) && !relayed) return next();
  notFoundHandler(req, res, next);
};
