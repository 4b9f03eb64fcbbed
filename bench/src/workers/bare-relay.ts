import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { serveCommands } from '../support/child-worker';

/**
 * The physical floor for delivery: Socket.IO on a bare HTTP server, no auth, no database, no
 * validation. POST /send { room, content, clientMessageId } emits a message shaped like the API's to
 * the room and answers with it, as `messages/async` does.
 */
let seq = 0;

function relayMessage(room: string, content: string, clientMessageId: string) {
  seq += 1;
  return {
    id: randomUUID(),
    conversationId: room.slice('conversation:'.length),
    seq,
    content,
    timestamp: new Date().toISOString(),
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId,
    sender: { id: randomUUID(), firstName: 'Bench', lastName: 'Relay', role: 'user', avatarUrl: '', isAgent: false },
    attachments: [],
  };
}

serveCommands<{ cmd: 'listen'; port: number }>(async ({ port }) => {
  const httpServer = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/send') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { room: string; content: string; clientMessageId: string };
      const message = relayMessage(body.room, body.content, body.clientMessageId);
      io.to(body.room).emit('message:received', message);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { participantMessage: message } }));
    });
  });
  const io = new Server(httpServer, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('room:join', (payload: { roomId: string }, ack?: (r: { ok: true }) => void) => {
      void socket.join(payload.roomId);
      ack?.({ ok: true });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  return { pid: process.pid };
});
