import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the AI journey sees the fake model write: the first part streams, then it waits for a release. */
export const FAKE_REPLY = {
  before: ['Nova here. ', 'Let me think ', 'about that'],
  after: ['… ', 'the answer is **forty-two**.'],
} as const;
export const FAKE_REPLY_PARTIAL = FAKE_REPLY.before.join('');
export const FAKE_REPLY_FINAL = 'Nova here. Let me think about that… the answer is forty-two.';

/** A stream never waits longer than this for its release: a journey that forgets cannot hang the server. */
const HOLD_LIMIT_MS = 30_000;

/**
 * A fake OpenAI-compatible server over real HTTP and SSE (like apps/api/test/support/fake-llm.ts),
 * started by the global setup because the API child process calls it. Each reply streams its first
 * chunks, then holds until `POST /control/release` (from a journey, which runs in another process), so
 * a journey can see the partial text on screen before the rest arrives, without timing anything.
 */
export async function startFakeLlm() {
  const held = new Set<() => void>();
  const open = new Set<ServerResponse>();
  let requests = 0;

  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'e2e' }] }));
      return;
    }
    if (req.method === 'POST' && req.url === '/control/release') {
      const count = held.size;
      for (const release of [...held]) release();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ released: count }));
      return;
    }
    if (req.method === 'GET' && req.url === '/control/state') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests, held: held.size }));
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req)) as { model: string };
    requests += 1;
    await stream(body.model, res);
  });

  async function stream(model: string, res: ServerResponse) {
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const base = { id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
    const send = (payload: object) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const delta = (content: string) => send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const chunk of FAKE_REPLY.before) delta(chunk);
    await new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, HOLD_LIMIT_MS);
      held.add(release);
      res.on('close', release); // stopped by the user: the API aborts the request
    });
    if (res.destroyed) return;
    for (const chunk of FAKE_REPLY.after) delta(chunk);
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 } });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** LLM_BASE_URL for the API. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Where journeys release held replies. */
    controlUrl: `http://127.0.0.1:${port}/control`,
    close: async () => {
      for (const release of [...held]) release();
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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
