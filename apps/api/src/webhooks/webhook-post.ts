import { HostNotFound, HostRefused } from '../ai/tools/mcp/host-rule';
import { pinnedFetch } from '../ai/tools/mcp/mcp-fetch';

/** What one POST came to: delivered, worth another attempt, or refused by the receiver for good. */
export type PostOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'retry'; status: number | null; error: string }
  | { kind: 'rejected'; status: number; error: string };

export interface PostLimits {
  /** MCP_ALLOWED_HOSTS: the operator's exceptions to the host rule. */
  allowedHosts: readonly string[];
  timeoutMs: number;
}

/** The most of an answer that is read: a short excerpt for the managers' view, never the whole of it. */
const EXCERPT_BYTES = 512;
/** The connection's own cap (pinnedFetch cuts past it); the excerpt stops reading long before. */
const MAX_RESPONSE_BYTES = 64 * 1024;

class WebhookTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${Math.round(timeoutMs / 100) / 10} s`);
    this.name = 'WebhookTimeout';
  }
}

class WebhookStopped extends Error {
  constructor() {
    super('The server stopped during the delivery');
    this.name = 'WebhookStopped';
  }
}

const oneLine = (text: string, max = 300) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The start of an answer's body as text, reading no more than EXCERPT_BYTES; the rest is dropped unread. */
async function excerptOf(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return oneLine(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'), 200);
}

/** Why an attempt got no answer, in a short line for the managers' view (never headers or the secret). */
function describeFailure(error: unknown, reason: unknown): string {
  if (reason instanceof WebhookTimeout || reason instanceof WebhookStopped) return reason.message;
  if (error instanceof HostRefused)
    return `The host is not allowed: ${error.address} is a loopback, private or link-local address (an operator can allow the host with MCP_ALLOWED_HOSTS)`;
  if (error instanceof HostNotFound) return error.message;
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code === 'ECONNRESET' ? 'The connection was closed mid-answer' : `Could not connect (${code})`;
  return oneLine(error instanceof Error ? error.message : String(error)) || 'Unknown error';
}

/**
 * One signed POST to a receiver, under the same host rule as MCP servers: the host is resolved and
 * checked on every attempt (DNS may have changed since the URL was saved) and the connection goes to
 * the checked addresses only (pinnedFetch). The whole attempt ends within `timeoutMs` or when `stop`
 * aborts. Redirects are never followed (node:http does not, and a 3xx counts as a failure: following
 * one would carry the signed event to a host nobody checked). 2xx is delivered; 5xx, 429, 3xx and
 * no answer are retried; any other 4xx means the receiver said no, and is not.
 */
export async function postWebhook(url: string, rawBody: string, headers: Record<string, string>, limits: PostLimits, stop: AbortSignal): Promise<PostOutcome> {
  const controller = new AbortController();
  const abort = (reason: Error) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const timer = setTimeout(() => abort(new WebhookTimeout(limits.timeoutMs)), limits.timeoutMs);
  const onStop = () => abort(new WebhookStopped());
  if (stop.aborted) onStop();
  stop.addEventListener('abort', onStop, { once: true });
  const net = pinnedFetch({ allowedHosts: limits.allowedHosts, maxResponseBytes: MAX_RESPONSE_BYTES, signal: controller.signal, onTooLarge: () => {} });
  try {
    const response = await net.fetch(url, { method: 'POST', headers, body: rawBody, signal: controller.signal });
    const status = response.status;
    if (status >= 200 && status < 300) {
      await response.body?.cancel().catch(() => {});
      return { kind: 'delivered', status };
    }
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => {});
      return { kind: 'retry', status, error: `Redirects are not followed (the receiver answered ${status})` };
    }
    const excerpt = await excerptOf(response);
    const error = `The receiver answered ${status}${excerpt ? `: ${excerpt}` : ''}`;
    if (status >= 400 && status < 500 && status !== 429) return { kind: 'rejected', status, error };
    return { kind: 'retry', status, error };
  } catch (error) {
    return { kind: 'retry', status: null, error: describeFailure(error, controller.signal.reason) };
  } finally {
    clearTimeout(timer);
    stop.removeEventListener('abort', onStop);
    abort(new WebhookStopped());
    net.close();
  }
}
