import { randomUUID } from 'node:crypto';
import type { Options } from 'pino-http';
import type { AppContext } from '../context';
import { requestIdOf } from './request-id';

/**
 * pino-http's options in one place (redaction and other logging rules belong here too). Every line
 * logged through `req.log`, and the completion line, carries `reqId`: the `X-Request-Id` the client saw.
 */
export function requestLoggingOptions(ctx: AppContext): Options {
  return {
    logger: ctx.logger,
    genReqId: (req) => requestIdOf(req) ?? randomUUID(),
    quietReqLogger: true,
    // Prometheus scrapes every few seconds; a line for each would drown the requests people make.
    autoLogging: ctx.config.env === 'test' ? false : { ignore: (req) => req.url === '/metrics' },
  };
}
