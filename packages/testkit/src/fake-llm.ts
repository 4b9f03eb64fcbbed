import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one chat-completions request should do. */
export interface LlmScript {
  /** Text pieces streamed as SSE deltas, in order. */
  chunks?: string[];
  /** Pause before each chunk (ms). */
  delayMs?: number;
  /** Answer with this HTTP error instead of a stream (e.g. 500, 429). */
  status?: number;
  /** Stream this many chunks, then keep the connection open without finishing. */
  hangAfter?: number;
  /**
   * Wait before streaming past `pauseAfter` chunks (lets a test act mid-stream): a promise, or a
   * function called per request (given the response, so a hold can end when the client goes away).
   */
  pauseAfter?: number;
  resume?: Promise<void> | ((response: ServerResponse) => Promise<void>);
  /**
   * Tool calls streamed after the text, as a real server streams them: each call's id and name in
   * its first chunk, its arguments in pieces (`argumentChunks` splits them), then finish_reason
   * 'tool_calls'. `arguments` is sent as written, so a test can send malformed JSON.
   */
  toolCalls?: { id?: string; name: string; arguments: string }[];
  argumentChunks?: number;
}

export interface FakeLlmOptions {
  /** Extra endpoints (e.g. a control API); answer true when the request was handled. */
  route?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Chooses the script for a request by what it holds (before queued scripts and the default); undefined passes. */
  pick?: (request: RecordedRequest) => LlmScript | undefined;
}

export interface RecordedRequest {
  model: string;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[] | null;
    tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  /** The tools offered, as sent (absent when none). */
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
}

/**
 * A fake OpenAI-compatible server over real HTTP with real SSE chunks, so the `openai` client is
 * exercised exactly as against a real provider. Scripts are consumed in order; the default
 * script answers "Hello from the fake model." in three chunks.
 */
export async function startFakeLlm(options: FakeLlmOptions = {}) {
  const scripts: LlmScript[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const waiters: (() => void)[] = [];
  let defaultScript: LlmScript = { chunks: ['Hello ', 'from the ', 'fake model.'] };

  const server = createServer(async (req, res) => {
    if (options.route?.(req, res)) return;
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'test' }] }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as RecordedRequest;
    const recorded: RecordedRequest = { model: body.model, messages: body.messages, ...(body.tools ? { tools: body.tools } : {}) };
    requests.push(recorded);
    waiters.splice(0).forEach((wake) => wake());
    await play(options.pick?.(recorded) ?? scripts.shift() ?? defaultScript, body.model, res);
  });

  async function play(script: LlmScript, model: string, res: ServerResponse) {
    if (script.status) {
      res.writeHead(script.status, { 'content-type': 'application/json', ...(script.status === 429 ? { 'retry-after': '1' } : {}) });
      res.end(JSON.stringify({ error: { message: `scripted ${script.status}`, type: 'test' } }));
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunks = script.chunks ?? [];
    const send = (payload: object) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (let i = 0; i < chunks.length; i += 1) {
      if (script.hangAfter !== undefined && i >= script.hangAfter) return; // leave the stream open
      if (script.pauseAfter !== undefined && i === script.pauseAfter)
        await (typeof script.resume === 'function' ? script.resume(res) : script.resume);
      if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
      if (res.destroyed) return;
      send({ ...base, choices: [{ index: 0, delta: { content: chunks[i] }, finish_reason: null }] });
    }
    const toolCalls = script.toolCalls ?? [];
    for (let index = 0; index < toolCalls.length; index += 1) {
      const call = toolCalls[index]!;
      const pieces = splitInto(call.arguments, script.argumentChunks ?? 2);
      const id = call.id ?? `call_${index}_${Math.random().toString(36).slice(2, 10)}`;
      send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }, finish_reason: null }] });
      for (const piece of pieces) send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }] });
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }] });
    const completion = chunks.join('').length;
    send({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: completion, total_tokens: 10 + completion } });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queue scripts for the next requests, in order. */
    script: (...next: LlmScript[]) => scripts.push(...next),
    setDefault: (script: LlmScript) => {
      defaultScript = script;
    },
    /** Resolves once at least `count` requests have arrived. */
    waitForRequests: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (requests.length >= count ? resolve() : waiters.push(check));
        check();
      }),
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeLlm = Awaited<ReturnType<typeof startFakeLlm>>;

/** `text` in about `count` pieces (at least one, possibly empty). */
function splitInto(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length ? pieces : [''];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
