import { io, type Socket } from 'socket.io-client';
import { request } from 'undici';
import { serveCommands } from '../support/child-worker';

export type ToolReplyCommand =
  | { cmd: 'setup'; url: string; token: string; conversationId: string }
  /** Sends `content` and resolves when the agent's stored reply equal to `expected` reaches the socket. */
  | { cmd: 'round'; content: string; agentId: string; expected: string; timeoutMs: number }
  | { cmd: 'close' };

let socket: Socket | undefined;
let url = '';
let token = '';
let conversationId = '';
let waiter: { agentId: string; expected: string; resolve: () => void } | undefined;

serveCommands<ToolReplyCommand>(async (command) => {
  if (command.cmd === 'setup') {
    ({ url, token, conversationId } = command);
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
      s.on('message:received', (message: { content?: string; sender?: { id?: string } }) => {
        if (waiter && message.sender?.id === waiter.agentId && message.content === waiter.expected) waiter.resolve();
      });
      s.once('connect_error', reject);
      s.once('connect', () =>
        s.emit('room:join', { roomId: `conversation:${conversationId}` }, (ack: { ok: boolean; error?: string }) =>
          ack?.ok ? resolve(s) : reject(new Error(`room:join refused: ${ack?.error}`)),
        ),
      );
    });
    return { ok: true };
  }
  if (command.cmd === 'round') {
    const seen = new Promise<void>((resolve) => (waiter = { agentId: command.agentId, expected: command.expected, resolve }));
    const t0 = performance.now();
    const res = await request(`${url}/api/v1/chat/conversations/${conversationId}/messages/async`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: command.content }),
    });
    await res.body.dump();
    if (res.statusCode >= 300) throw new Error(`the person's message was refused: ${res.statusCode}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no reply "${command.expected}" within ${command.timeoutMs} ms`)), command.timeoutMs);
    });
    try {
      await Promise.race([seen, timeout]);
    } finally {
      clearTimeout(timer);
      waiter = undefined;
    }
    return { ms: performance.now() - t0 };
  }
  socket?.disconnect();
  return { closed: true };
});
