import { and, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { ConversationRow } from '../db/rows';
import { accounts, agents, conversationParticipants, conversations, messageColumns, messages } from '../db/schema';
import { hasBlockedSql } from '../agents/reach-sql';
import { conversationTeamAccessSql } from '../chat/chat-access-sql';

/** The participant row's first message not yet read nor mailed is the one after this seq. */
const pendingAfter = sql<number>`greatest(${conversationParticipants.lastReadSeq}, ${conversationParticipants.mailedSeq})`;

/** Only messages that @mention the person are mailed: their level is 'mentions', or they muted it. */
const onlyMentions = sql<boolean>`(${conversationParticipants.notifyLevel} = 'mentions' or ${conversationParticipants.muted})`;

/** The person's wall-clock 'HH:MI' at `now` in their schedule's time zone (`C` collation: compared as text). */
const scheduleClock = (now: string) => sql`to_char(${now}::timestamptz at time zone (${agents.dndSchedule}->>'timeZone'), 'HH24:MI') collate "C"`;

/**
 * Whether the account's person has do not disturb on at `now`: until a time still ahead, or inside
 * their daily window [start, end) in its time zone, one that ends before it starts spanning midnight.
 * The same rule as `isDoNotDisturbOn` in shared (cards show it from that).
 */
function doNotDisturbSql(now: Date) {
  const at = now.toISOString();
  const clock = scheduleClock(at);
  const start = sql`(${agents.dndSchedule}->>'start') collate "C"`;
  const end = sql`(${agents.dndSchedule}->>'end') collate "C"`;
  return sql`exists (
    select 1 from ${agents}
    where ${agents.id} = ${accounts.agentId}
      and ((${agents.dndUntil} is not null and ${agents.dndUntil} > ${at}::timestamptz)
        or (${agents.dndSchedule} is not null and jsonb_typeof(${agents.dndSchedule}) = 'object' and case
              when ${start} < ${end} then ${clock} >= ${start} and ${clock} < ${end}
              when ${start} > ${end} then ${clock} >= ${start} or ${clock} < ${end}
              else false end))
  )`;
}

/**
 * SQL over accounts ⋈ conversation_participants ⋈ conversations: the person wants these mails, is not
 * in do not disturb, and the conversation (still theirs under the team rule, its notify level not
 * 'none') has a message from someone else, neither read nor mailed, older than the person's delay —
 * one that @mentions them when only mentions notify there. The oldest such message decides, so later
 * ones wait with it. Messages that arrive during do not disturb are mailed after it ends.
 */
function dueSql(now: Date, minuteMs: number) {
  return and(
    isNotNull(accounts.unreadMailDelayMinutes),
    isNotNull(accounts.emailVerifiedAt),
    // A disabled account (decision 0028) gets no mail until it is enabled again.
    isNull(accounts.disabledAt),
    gt(conversations.lastSeq, pendingAfter),
    ne(conversationParticipants.notifyLevel, 'none'),
    // A thread's replies are mailed to its followers only (decision 0026).
    sql`(${conversations.type} <> 'thread' or ${conversationParticipants.following})`,
    sql`not ${doNotDisturbSql(now)}`,
    sql`exists (
      select 1 from messages pending
      where pending.conversation_id = ${conversationParticipants.conversationId}
        and pending.seq > ${pendingAfter}
        and pending.sender_agent_id <> ${conversationParticipants.agentId}
        and not ${hasBlockedSql(conversationParticipants.agentId, sql`pending.sender_agent_id`)}
        and pending.created_at <= ${now.toISOString()}::timestamptz
          - (${accounts.unreadMailDelayMinutes}::bigint * ${minuteMs}::bigint) * interval '1 millisecond'
        and (not ${onlyMentions} or exists (
          select 1 from message_mentions mm where mm.message_id = pending.id and mm.agent_id = ${conversationParticipants.agentId}))
    )`,
    conversationTeamAccessSql(conversationParticipants.agentId),
  );
}

/** Accounts with at least one conversation due at `now` (a pass mails each of them, unless another node is). */
export async function findAccountsWithDueMail(db: DbOrTx, now: Date, minuteMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: accounts.id })
    .from(accounts)
    .innerJoin(conversationParticipants, eq(conversationParticipants.agentId, accounts.agentId))
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(dueSql(now, minuteMs))
    .limit(limit);
  return rows.map((row) => row.accountId);
}

/**
 * The account and its agent, if it wants these mails, its row locked with SKIP LOCKED: when two nodes
 * reach the same person at once, one of them gets nothing and skips.
 */
export async function lockPersonWantingMail(tx: DbOrTx, accountId: string) {
  const [person] = await tx
    .select({ account: accounts, agent: agents })
    .from(accounts)
    .innerJoin(agents, eq(agents.id, accounts.agentId))
    .where(and(eq(accounts.id, accountId), isNotNull(accounts.unreadMailDelayMinutes), isNull(accounts.disabledAt)))
    .for('no key update', { of: accounts, skipLocked: true });
  return person;
}

/**
 * The account's conversations due at `now`, newest activity first, each with the seq its pending
 * messages come after and whether only those that @mention the person are mailed.
 */
export async function findDueConversations(
  tx: DbOrTx,
  accountId: string,
  now: Date,
  minuteMs: number,
): Promise<{ conversation: ConversationRow; after: number; onlyMentions: boolean }[]> {
  return tx
    .select({ conversation: conversations, after: pendingAfter.mapWith(Number), onlyMentions: onlyMentions.mapWith(Boolean) })
    .from(conversationParticipants)
    .innerJoin(accounts, eq(accounts.agentId, conversationParticipants.agentId))
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(accounts.id, accountId), dueSql(now, minuteMs)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
}

/**
 * The newest `maxLines` unread lines from others (oldest first) and how many there are, after `after`
 * up to `upToSeq`; with `onlyMentions`, only those that @mention the agent.
 */
export async function findUnreadLines(
  tx: DbOrTx,
  conversationId: string,
  agentId: string,
  range: { after: number; upToSeq: number; onlyMentions: boolean },
  maxLines: number,
) {
  const where = and(
    eq(messages.conversationId, conversationId),
    gt(messages.seq, range.after),
    lte(messages.seq, range.upToSeq),
    ne(messages.senderAgentId, agentId),
    // Someone the person blocked never reaches them by mail (rooms: the 1:1 refuses them anyway).
    sql`not ${hasBlockedSql(agentId, messages.senderAgentId)}`,
    range.onlyMentions
      ? sql`exists (select 1 from message_mentions mm where mm.message_id = ${messages.id} and mm.agent_id = ${agentId})`
      : undefined,
  );
  const [latest, [counted]] = await Promise.all([
    tx.select(messageColumns).from(messages).where(where).orderBy(desc(messages.seq)).limit(maxLines),
    tx.select({ count: sql<number>`count(*)::int` }).from(messages).where(where),
  ]);
  return { latest: latest.reverse(), count: Number(counted?.count ?? 0) };
}

/** Messages of the conversation up to `seq` count as mailed to the agent. */
export async function markMailedUpTo(tx: DbOrTx, conversationId: string, agentId: string, seq: number): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ mailedSeq: sql`greatest(${conversationParticipants.mailedSeq}, ${seq})` })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.agentId, agentId)));
}
