import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { resolveAllowedHost, type CheckedAddress } from './host-rule';

/** An answer grew past MCP_MAX_RESPONSE_BYTES: reading stopped there. */
export class ResponseTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`its answer was larger than ${maxBytes} bytes`);
    this.name = 'ResponseTooLarge';
  }
}

export interface PinnedFetchOptions {
  allowedHosts: readonly string[];
  maxResponseBytes: number;
  /** Ends every request of this use (the caller's stop, the timeout). */
  signal: AbortSignal;
  /** Told when an answer is cut, so the use ends at once (the SDK only reports a broken event stream, it waits on). */
  onTooLarge: (error: ResponseTooLarge) => void;
}

/** Hands node:net exactly the addresses that were checked: the connection never asks DNS again. */
function pinnedLookup(addresses: CheckedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  throw new Error('unsupported request body');
}

/**
 * The MCP transport's fetch: each request resolves the host, checks every address (host-rule.ts) and
 * connects to those addresses only, over node:http(s) with an agent of this use (closed with it). The
 * answer is counted as it arrives and cut past `maxResponseBytes`. Redirects are not followed (the SDK
 * decides, and comes back through here). Returns the fetch and a `close` that drops its sockets.
 */
export function pinnedFetch(options: PinnedFetchOptions): { fetch: FetchLike; close: () => void } {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const fetch: FetchLike = async (input, init = {}) => {
    const url = new URL(input);
    const addresses = await resolveAllowedHost(url, options.allowedHosts);
    const signal = init.signal ? AbortSignal.any([init.signal, options.signal]) : options.signal;
    signal.throwIfAborted();
    const secure = url.protocol === 'https:';
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = bodyOf(init.body);
    return new Promise<Response>((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, lookup: pinnedLookup(addresses), signal },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received <= options.maxResponseBytes) return;
            const error = new ResponseTooLarge(options.maxResponseBytes);
            res.destroy(error);
            options.onTooLarge(error);
          });
          const status = res.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const nullBody = [204, 205, 304].includes(status) || init.method === 'HEAD';
          if (nullBody) res.resume();
          const stream = nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
          resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
        },
      );
      request.on('error', reject);
      if (body !== undefined) request.end(body);
      else request.end();
    });
  };
  return {
    fetch,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
