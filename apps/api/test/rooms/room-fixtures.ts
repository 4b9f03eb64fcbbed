import { randomUUID } from 'node:crypto';
import { conversationParticipants, conversations } from '../../src/db/schema';
import type { TestServer } from '../support/test-server';

/**
 * A room written straight to the database (rooms-core's routes create them in the app): a
 * conversation of type 'room' in `teamId` with these members, people and AI agents alike.
 */
export async function createRoomRow(
  server: TestServer,
  input: { teamId: string; createdBy: string; memberIds: string[]; name?: string; topic?: string; answersAllAgentId?: string | null; agentTurnLimit?: number },
) {
  const id = randomUUID();
  const [room] = await server.ctx.db
    .insert(conversations)
    .values({
      id,
      type: 'room',
      teamId: input.teamId,
      pairKey: `room:${id}`,
      name: input.name ?? `room-${id.slice(0, 8)}`,
      topic: input.topic ?? '',
      createdBy: input.createdBy,
      answersAllAgentId: input.answersAllAgentId ?? null,
      ...(input.agentTurnLimit !== undefined ? { agentTurnLimit: input.agentTurnLimit } : {}),
    })
    .returning();
  await server.ctx.db.insert(conversationParticipants).values(input.memberIds.map((agentId) => ({ conversationId: id, agentId })));
  return room!;
}
