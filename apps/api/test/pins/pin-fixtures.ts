import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TChatMessage } from '@agentroom/shared';
import { conversations, messages } from '../../src/db/schema';
import type { TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';

/**
 * A thread under `root` with one reply from `replier`, written as decision 0026 shapes it (a
 * conversation of type 'thread' whose participants are its parent's; the migration's triggers keep
 * them so afterwards). Written to the database, so these tests do not depend on how threads are opened.
 */
export async function writeThreadReply(server: TestServer, root: TChatMessage, replier: TestUser, content: string) {
  const db = server.ctx.db;
  const [parent] = await db.select().from(conversations).where(eq(conversations.id, root.conversationId));
  const [thread] = await db
    .insert(conversations)
    .values({
      type: 'thread',
      teamId: parent!.teamId,
      pairKey: `thread:${root.id}`,
      parentConversationId: parent!.id,
      threadRootMessageId: root.id,
      lastSeq: 1,
      lastMessageAt: new Date(),
    })
    .returning();
  await db.execute(sql`insert into conversation_participants (id, conversation_id, agent_id, last_read_seq, joined_at)
    select gen_random_uuid(), ${thread!.id}, agent_id, 0, joined_at from conversation_participants where conversation_id = ${parent!.id}`);
  const [reply] = await db
    .insert(messages)
    .values({ conversationId: thread!.id, seq: 1, senderAgentId: replier.agentId, content, clientMessageId: randomUUID() })
    .returning({ id: messages.id });
  return { threadId: thread!.id, replyId: reply!.id };
}

export const pinPath = (messageId: string) => `/api/v1/chat/messages/${messageId}/pin`;
export const savePath = (messageId: string) => `/api/v1/chat/messages/${messageId}/save`;
export const pinsPath = (conversationId: string) => `/api/v1/chat/conversations/${conversationId}/pins`;

export const pin = (server: TestServer, as: TestUser, messageId: string) => server.api().put(pinPath(messageId)).set(bearer(as.token));
export const unpin = (server: TestServer, as: TestUser, messageId: string) => server.api().delete(pinPath(messageId)).set(bearer(as.token));
export const listPins = (server: TestServer, as: TestUser, conversationId: string) => server.api().get(pinsPath(conversationId)).set(bearer(as.token));
