import { randomUUID } from 'node:crypto';
import type { Options } from 'pino-http';
import type { AppContext } from '../context';
import { safeSerializers } from './log-safety';
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
    // No bearer tokens, cookies, token query parameters or query values in logs.
    serializers: safeSerializers,
    wrapSerializers: false,
    // Prometheus scrapes every few seconds; a line for each would drown the requests people make.
    // Tests log requests only at debug level (the log-safety tests read them).
    autoLogging:
      ctx.config.env === 'test' && !ctx.logger.isLevelEnabled('debug') ? false : { ignore: (req) => req.url === '/metrics' },
  };
}
