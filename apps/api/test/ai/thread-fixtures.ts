import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { conversationParticipants, conversations } from '../../src/db/schema';
import type { TestServer } from '../support/test-server';

/**
 * A thread written straight to the database, as opening one does (decision 0026): a conversation of
 * type 'thread' under the root's conversation, with copies of its participant rows (the triggers
 * keep them in step from then on). Stands in until the thread route (`POST /chat/messages/:id/thread`) is used.
 */
export async function createThreadRow(server: TestServer, parentId: string, rootMessageId: string) {
  const db = server.ctx.db;
  const [parent] = await db.select().from(conversations).where(eq(conversations.id, parentId));
  const id = randomUUID();
  const [thread] = await db
    .insert(conversations)
    .values({ id, type: 'thread', teamId: parent!.teamId, pairKey: `thread:${rootMessageId}`, parentConversationId: parentId, threadRootMessageId: rootMessageId })
    .returning();
  const members = await db.select({ agentId: conversationParticipants.agentId }).from(conversationParticipants).where(eq(conversationParticipants.conversationId, parentId));
  await db.insert(conversationParticipants).values(members.map(({ agentId }) => ({ conversationId: id, agentId })));
  return thread!;
}
