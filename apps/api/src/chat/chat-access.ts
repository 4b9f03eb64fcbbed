import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { CHAT_ERRORS, isUuid } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, conversations, messageColumns, messages } from '../db/schema';
import { notFound } from '../core/app-error';
import { isActiveMemberSql } from '../teams/teams-sql';

/**
 * SQL: the team part of the conversation rule, for a participant `agentId` (a value or a column) of
 * the conversation row in scope. A team-scoped conversation needs an active membership of its team,
 * and a conversation with an AI agent an active membership of the team that owns that agent (its
 * personality and model budget are the team's). Leaving the team ends both (decision 0006).
 */
export const conversationTeamAccessSql = (agentId: SQLWrapper | string) => sql`(
  (${conversations.teamId} is null or ${isActiveMemberSql(conversations.teamId, agentId)})
  and not exists (
    select 1
    from conversation_participants ai_participant
    join agents ai on ai.id = ai_participant.agent_id
    where ai_participant.conversation_id = ${conversations.id}
      and ai.is_human = false
      and not ${isActiveMemberSql(sql`ai.owner_team_id`, agentId)}
  )
)`;

/**
 * The one access check for everything addressed by a conversation id (REST and socket alike): the
 * caller takes part and passes the team rule above. A malformed id, an unknown conversation, someone
 * else's conversation and one the caller lost with their team all answer the same 404, so an
 * outsider learns nothing.
 */
export async function assertConversationParticipant(db: DbOrTx, conversationId: string, agentId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_ERRORS.conversationNotFound);
  const [row] = await db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(and(eq(conversations.id, conversationId), conversationTeamAccessSql(agentId)))
    .limit(1);
  if (!row) throw notFound(CHAT_ERRORS.conversationNotFound);
  return row;
}

/** For routes addressed by a message id: finds its conversation, then applies the same participant check. */
export async function assertMessageParticipant(db: DbOrTx, messageId: string, agentId: string) {
  if (!isUuid(messageId)) throw notFound(CHAT_ERRORS.messageNotFound);
  const [message] = await db.select(messageColumns).from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message) throw notFound(CHAT_ERRORS.messageNotFound);
  try {
    return { message, ...(await assertConversationParticipant(db, message.conversationId, agentId)) };
  } catch {
    throw notFound(CHAT_ERRORS.messageNotFound);
  }
}
