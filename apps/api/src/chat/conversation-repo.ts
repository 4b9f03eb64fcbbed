import { and, eq, sql } from 'drizzle-orm';
import type { TNotifyLevel } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { conversationParticipants, conversations } from '../db/schema';

/**
 * Creates the 1:1 conversation of `pairKey` with its two participants, unless it exists: a start
 * racing another inserts nothing (`on conflict do nothing` on the pair key). Answers whether it created it.
 */
export async function createPairConversation(
  tx: DbOrTx,
  pair: { type: ConversationRow['type']; teamId: string | null; pairKey: string; agentIds: [string, string] },
): Promise<boolean> {
  const [created] = await tx
    .insert(conversations)
    .values({ type: pair.type, teamId: pair.teamId, pairKey: pair.pairKey })
    .onConflictDoNothing({ target: conversations.pairKey })
    .returning({ id: conversations.id });
  if (!created) return false;
  await tx.insert(conversationParticipants).values(pair.agentIds.map((agentId) => ({ conversationId: created.id, agentId })));
  return true;
}

export async function findConversationByPairKey(db: DbOrTx, pairKey: string): Promise<ConversationRow | undefined> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.pairKey, pairKey)).limit(1);
  return conversation;
}

/**
 * The agent's own settings of a conversation: notify level, mute, and closing it from the sidebar
 * (its current last seq becomes the closed seq: a newer message brings it back). Answers the row as stored.
 */
export async function updateParticipantSettings(
  tx: DbOrTx,
  conversationId: string,
  agentId: string,
  changes: { notifyLevel?: TNotifyLevel; muted?: boolean; closed?: true },
) {
  const [row] = await tx
    .update(conversationParticipants)
    .set({
      ...(changes.notifyLevel !== undefined ? { notifyLevel: changes.notifyLevel } : {}),
      ...(changes.muted !== undefined ? { muted: changes.muted } : {}),
      ...(changes.closed ? { closedSeq: sql`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationId})` } : {}),
    })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.agentId, agentId)))
    .returning({ notifyLevel: conversationParticipants.notifyLevel, muted: conversationParticipants.muted, closedSeq: conversationParticipants.closedSeq });
  return row;
}
