import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSendMessageAck } from '@agentroom/shared';
import { conversations } from '../../src/db/schema';
import { drainAndClose } from '../../src/graceful-shutdown';
import { closeSockets, connectSocket, startConversation, type ClientSocket } from '../chat/chat-fixtures';
import { waitUntil } from '../support/delivery-load';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  closeSockets();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** What the client heard, in order: the send's ack and the disconnect. */
function heardInOrder(socket: ClientSocket, payload: unknown) {
  const heard: string[] = [];
  let ack: TSendMessageAck | undefined;
  socket.emit('message:send', payload as never, (answer: TSendMessageAck) => {
    ack = answer;
    heard.push('ack');
  });
  const disconnected = new Promise<void>((resolve) =>
    socket.once('disconnect', () => {
      heard.push('disconnect');
      resolve();
    }),
  );
  return { heard, disconnected, ack: () => ack };
}

/**
 * A node that stops finishes the sends already under way on its sockets before it disconnects
 * them: the sender gets its ack (the message is stored) and need not send it again elsewhere.
 */
describe('a stopping node and the sends in flight on its sockets', () => {
  it('acks a send it is still storing before it disconnects the socket', { timeout: 60_000 }, async () => {
    const server: TestServer = await startTestServer();
    let stopped = false;
    cleanups.push(async () => stopped || server.stop());
    const [a, b] = await Promise.all([signUpVerified(server, 'da'), signUpVerified(server, 'db')]);
    const conversation = await startConversation(server, a, b);
    const socket = await connectSocket(server.url, a.token);

    // The conversation's row lock, held by another transaction: the send waits in the middle of storing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.ctx.db.transaction(async (tx) => {
      await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversation.id)).for('update');
      locked();
      await released;
    });
    cleanups.push(async () => (release(), holder));
    await lockHeld;

    const clientMessageId = randomUUID();
    const send = heardInOrder(socket, { conversationId: conversation.id, content: 'sent as the node stops', clientMessageId });
    await waitUntil(() => server.commandsInFlight.size === 1, 30_000, 'the node has the send under way');

    // The generous bound is only there so a broken run ends; the send is released right away.
    const drained = drainAndClose({ ...server, close: server.stop }, { commandsSettleMs: 30_000 });
    stopped = true;
    release();
    await holder;
    await send.disconnected;
    await drained;

    expect(send.heard).toEqual(['ack', 'disconnect']);
    expect(send.ack()).toMatchObject({ ok: true, created: true, participantMessage: { clientMessageId, content: 'sent as the node stops' } });
  });
});
