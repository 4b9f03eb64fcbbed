import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool the fake serves: its listing, and what a call answers (given the arguments). */
export interface FakeMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  run: (args: Record<string, unknown>, stop: AbortSignal) => Promise<CallToolResult> | CallToolResult;
}

export interface FakeMcpOptions {
  /** Answer 401 to any request without this header (name compared case-insensitively, value exactly). */
  requireHeader?: { name: string; value: string };
  /** List tools in pages of this many, with `nextCursor` (default: all at once). */
  pageSize?: number;
  /** Extra raw entries added to every listing as sent (for a server whose listing is malformed). */
  rawTools?: unknown[];
}

export interface RecordedMcpCall {
  tool: string;
  arguments: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const numberArg = (args: Record<string, unknown>, name: string, fallback: number) => (typeof args[name] === 'number' ? (args[name] as number) : fallback);

/**
 * The tools every fake serves:
 * - `lookup_order` { orderId } → "Order 42: 3 knots, shipped"
 * - `slow` { ms } → waits `ms` (default a minute) before answering, for timeouts
 * - `huge` { bytes } → a text of that many bytes, for the response size cap
 * - `fails` → an `isError` result: "The order system is down"
 * - `picture` → an image and a caption
 * - `vanish` → the connection is cut mid-call (no answer at all)
 * - `lies` → an answer that is not a tool result (content is not a list)
 */
function defaultTools(): FakeMcpTool[] {
  return [
    {
      name: 'lookup_order',
      description: 'Look up an order by its number',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      run: (args) => text(`Order ${String(args.orderId)}: 3 knots, shipped`),
    },
    {
      name: 'slow',
      description: 'Answers after a while',
      inputSchema: { type: 'object', properties: { ms: { type: 'number' } } },
      run: (args, stop) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(text('finally')), numberArg(args, 'ms', 60_000));
          stop.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve(text('stopped'));
          });
        }),
    },
    {
      name: 'huge',
      description: 'Answers with many bytes',
      inputSchema: { type: 'object', properties: { bytes: { type: 'number' } } },
      run: (args) => text('x'.repeat(numberArg(args, 'bytes', 2_000_000))),
    },
    {
      name: 'fails',
      description: 'Always reports an error',
      inputSchema: { type: 'object', properties: {} },
      run: () => ({ ...text('The order system is down'), isError: true }),
    },
    {
      name: 'picture',
      description: 'Answers with an image',
      inputSchema: { type: 'object', properties: {} },
      run: () => ({ content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }, { type: 'text', text: 'A knot' }] }),
    },
    { name: 'vanish', description: 'Hangs up mid-call', inputSchema: { type: 'object', properties: {} }, run: () => text('never sent') },
    { name: 'lies', description: 'Answers with something that is not a tool result', inputSchema: { type: 'object', properties: {} }, run: () => text('never sent') },
  ];
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on('error', reject);
  });
}

/** The JSON-RPC tools/call in a request body, if it is one. */
function toolCallOf(body: unknown): { id: unknown; name: string; arguments: Record<string, unknown> } | undefined {
  const message = body as { method?: unknown; id?: unknown; params?: { name?: unknown; arguments?: unknown } } | undefined;
  if (message?.method !== 'tools/call' || typeof message.params?.name !== 'string') return undefined;
  const args = message.params.arguments;
  return { id: message.id, name: message.params.name, arguments: typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {} };
}

/**
 * A real MCP server (the official SDK's `Server` over its Streamable HTTP transport, stateless) on
 * 127.0.0.1, at `url` (…/mcp). Tools are declared with JSON Schema, as they travel. Records every call
 * with its headers; `addTool` / `removeTool` change what the next listing says.
 */
export async function startFakeMcp(options: FakeMcpOptions = {}) {
  const tools = defaultTools();
  const calls: RecordedMcpCall[] = [];
  const sockets = new Set<Socket>();
  const stop = new AbortController();

  function mcpServerFor(headers: IncomingHttpHeaders): Server {
    const server = new Server({ name: 'fake-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const listed = [...tools.map(({ run: _run, ...tool }) => tool), ...((options.rawTools ?? []) as typeof tools)];
      if (!options.pageSize) return { tools: listed };
      const start = Number(request.params?.cursor ?? 0);
      const end = start + options.pageSize;
      return { tools: listed.slice(start, end), ...(end < listed.length ? { nextCursor: String(end) } : {}) };
    });
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const args = request.params.arguments ?? {};
      calls.push({ tool: request.params.name, arguments: args, headers });
      const tool = tools.find((t) => t.name === request.params.name);
      if (!tool) return { ...text(`Unknown tool ${request.params.name}`), isError: true };
      return tool.run(args, stop.signal);
    });
    return server;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const required = options.requireHeader;
    if (required && req.headers[required.name.toLowerCase()] !== required.value) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const call = toolCallOf(body);
    if (call?.name === 'vanish') {
      calls.push({ tool: call.name, arguments: call.arguments, headers: req.headers });
      req.socket.destroy();
      return;
    }
    if (call?.name === 'lies') {
      calls.push({ tool: call.name, arguments: call.arguments, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { content: 'not a list' } }));
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = mcpServerFor(req.headers);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    /** Serves one more tool from the next listing on (answering `answer`). */
    addTool(tool: { name: string; description?: string; inputSchema?: Record<string, unknown>; answer?: string }) {
      tools.push({
        name: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema ?? { type: 'object', properties: {} },
        run: () => text(tool.answer ?? `${tool.name} done`),
      });
    },
    removeTool(name: string) {
      const index = tools.findIndex((t) => t.name === name);
      if (index >= 0) tools.splice(index, 1);
    },
    async close() {
      stop.abort();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export type FakeMcp = Awaited<ReturnType<typeof startFakeMcp>>;
