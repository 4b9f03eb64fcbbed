import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server } from 'socket.io';

/**
 * The floor for delivery: the work a send must do at least (take the message in, answer it with a
 * message shaped like the API's, emit it to the conversation's room), with no auth, no validation and
 * no database. Both relays speak the API's own protocol so the same load generators drive them and the
 * API alike: `room:join` with an ack, and either the socket's `message:send` with an ack or
 * `POST /api/v1/chat/conversations/:id/messages/async`.
 */
let seq = 0;

interface SendBody {
  conversationId?: string;
  content: string;
  clientMessageId: string;
}

function relayMessage(conversationId: string, body: SendBody) {
  seq += 1;
  return {
    id: randomUUID(),
    conversationId,
    seq,
    content: body.content,
    timestamp: new Date().toISOString(),
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId: body.clientMessageId,
    sender: { id: randomUUID(), firstName: 'Bench', lastName: 'Relay', role: 'user', avatarUrl: '', isAgent: false },
    attachments: [],
  };
}

const ASYNC_PATH = /^\/api\/v1\/chat\/conversations\/([^/]+)\/messages\/async$/;

/** Listens on 127.0.0.1:`port`; `http` adds the POST route, else only the socket's `message:send` sends. */
export async function startRelay(port: number, sendOver: 'socket' | 'http'): Promise<void> {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const match = req.method === 'POST' && sendOver === 'http' ? ASYNC_PATH.exec(req.url ?? '') : null;
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SendBody;
      const message = relayMessage(match[1]!, body);
      io.to(`conversation:${message.conversationId}`).emit('message:received', message);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { participantMessage: message } }));
    });
  };
  const httpServer = createServer(onRequest);
  const io = new Server(httpServer, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('room:join', (payload: { roomId: string }, ack?: (r: { ok: true }) => void) => {
      void socket.join(payload.roomId);
      ack?.({ ok: true });
    });
    if (sendOver === 'socket')
      socket.on('message:send', (body: SendBody & { conversationId: string }, ack?: (r: unknown) => void) => {
        const message = relayMessage(body.conversationId, body);
        io.to(`conversation:${body.conversationId}`).emit('message:received', message);
        ack?.({ ok: true, participantMessage: message, created: true });
      });
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
}
