import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * Logs are read by more people (and machines) than the database is: nothing that signs someone in
 * may reach them. Bearer tokens and cookies live in headers, download and emailed tokens in query
 * strings, and drizzle copies every bound value of a failed query into its error message.
 */

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);
const SECRET_QUERY_KEYS = new Set(['token', 't', 'sig', 'signature', 'code', 'access_token', 'refresh_token', 'key', 'password']);
const REDACTED = '[redacted]';

/** The URL with the value of every token-like query parameter replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is still a key; judge it as written.
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) && eq >= 0 ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function safeHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // A redirect may carry a one-time ticket in its fragment (a provider sign-in, decision 0027).
    if (lower === 'location' && typeof value === 'string') out[name] = value.replace(/#.*$/s, `#${REDACTED}`);
    else out[name] = SECRET_HEADERS.has(lower) ? REDACTED : value;
  }
  return out;
}

type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

function serializeRequest(req: LoggedRequest) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url ?? ''),
    headers: safeHeaders(req.headers ?? {}),
    remoteAddress: req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

function serializeResponse(res: ServerResponse) {
  return {
    statusCode: res.statusCode,
    headers: typeof res.getHeaders === 'function' ? safeHeaders(res.getHeaders()) : undefined,
  };
}

// Fields of a Postgres error that say what went wrong without quoting any row's values (`detail` does).
const SAFE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'status', 'statusCode', 'type'] as const;

/**
 * drizzle's "Failed query: <sql>\nparams: <values>" without the values. Postgres quotes the
 * offending input in data exceptions (SQLSTATE class 22: `invalid input syntax for type uuid: "…"`),
 * so those keep only their code. Other messages name objects, not values, and stay.
 */
function safeMessage(error: Error): string {
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && 'params' in error) return `Failed query: ${query}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return `data exception (SQLSTATE ${code})`;
  return error.message.replace(/\nparams: [\s\S]*$/, '');
}

/** An error, its SQL state and its causes, with no bound parameter values and no `detail`. */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = safeMessage(error);
  const out: Record<string, unknown> = {
    type: error.name,
    message,
    stack: error.stack?.replace(error.message, message),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) if (fields[field] !== undefined && typeof fields[field] !== 'object') out[field] = fields[field];
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export const safeSerializers = { err: serializeError, req: serializeRequest, res: serializeResponse };

/** The logger every part of the server uses: whoever built it, errors and requests go through the safe serializers. */
export function withSafeSerializers(logger: Logger): Logger {
  return logger.child({}, { serializers: safeSerializers });
}
