import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { HostNotFound, HostRefused } from './host-rule';
import { pinnedFetch, ResponseTooLarge } from './mcp-fetch';

/** Where an MCP server answers and the auth headers it takes (decrypted: held only for one use). */
export interface McpEndpoint {
  url: string;
  headers: Record<string, string>;
}

/** The operator's limits on every use (MCP_ALLOWED_HOSTS, MCP_TIMEOUT_MS, MCP_MAX_RESPONSE_BYTES). */
export interface McpLimits {
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
}

/** One use took longer than MCP_TIMEOUT_MS. */
class McpTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = 'McpTimeout';
  }
}

class McpStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'McpStopped';
  }
}

const NO_RECONNECT = { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 };

/**
 * Connects to an MCP server, runs `use`, and closes the client and its sockets, whatever happens. The
 * whole use (connecting included) ends within `limits.timeoutMs` or when `signal` aborts: every pending
 * request is abandoned and its sockets closed, so a server that stalls never holds a reply.
 */
export async function withMcpClient<T>(
  endpoint: McpEndpoint,
  limits: McpLimits,
  signal: AbortSignal | undefined,
  use: (client: Client, options: RequestOptions) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abort = (reason: Error) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const timer = setTimeout(() => abort(new McpTimeout(limits.timeoutMs)), limits.timeoutMs);
  const onStop = () => abort(new McpStopped());
  if (signal?.aborted) onStop();
  signal?.addEventListener('abort', onStop, { once: true });
  const net = pinnedFetch({ allowedHosts: limits.allowedHosts, maxResponseBytes: limits.maxResponseBytes, signal: controller.signal, onTooLarge: abort });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: endpoint.headers },
    fetch: net.fetch,
    reconnectionOptions: NO_RECONNECT,
  });
  const client = new Client({ name: 'agentroom', version: '1.0.0' });
  // Failures reach the caller through the request they break; the rest (a dropped event stream) is noise here.
  client.onerror = () => {};
  const options: RequestOptions = { signal: controller.signal, timeout: limits.timeoutMs };
  const ended = new Promise<never>((_resolve, reject) => {
    const onAbort = () => reject(controller.signal.reason as Error);
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const work = (async () => {
      await client.connect(transport, options);
      return use(client, options);
    })();
    return await Promise.race([work, ended]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onStop);
    abort(new McpStopped());
    await client.close().catch(() => {});
    net.close();
  }
}

/** Why a use failed, in a short line for owners (a server's last error) and for the model (a tool's error). */
export function describeMcpFailure(error: unknown): string {
  const text = ((): string => {
    if (error instanceof McpTimeout || error instanceof ResponseTooLarge || error instanceof HostRefused || error instanceof HostNotFound) return error.message;
    if (error instanceof McpStopped) return 'stopped';
    if (error instanceof StreamableHTTPError) {
      if (error.code === 401 || error.code === 403) return `the server answered ${error.code} (check its auth headers)`;
      return error.code && error.code > 0 ? `the server answered ${error.code}` : error.message;
    }
    if (error instanceof McpError) return error.message;
    // A schema check of the SDK's (zod 3 or 4, whose errors carry `issues`): the server's answer was not what MCP says.
    if (error instanceof z.ZodError || (error instanceof Error && Array.isArray((error as { issues?: unknown }).issues))) return 'its answer was not a valid MCP result';
    const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code === 'ECONNRESET' ? 'the connection was closed mid-answer' : `could not connect (${code})`;
    return error instanceof Error ? error.message : String(error);
  })();
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}
