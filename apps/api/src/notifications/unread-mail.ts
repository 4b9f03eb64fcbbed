import { and, desc, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { API_BASE_PATH } from '@agentroom/shared';
import { markdownToPlainText } from '@agentroom/shared/markdown';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow } from '../db/rows';
import { accounts, agents, conversationParticipants, conversations, messageColumns, messages } from '../db/schema';
import { conversationTeamAccessSql } from '../chat/chat-access-sql';
import { findParticipants, findTeamsByIds } from '../chat/chat-repo';
import { enqueueMail } from '../mail/outbox';
import { unreadMessagesMail, type UnreadConversationDigest } from '../mail/templates';
import { fullNameOf } from '../users/presenters';
import { usernameOf } from '../agents/agent-presenters';
import { unsubscribeToken } from './unsubscribe-token';

/** Conversations listed in one mail (the rest are counted and marked as mailed too). */
const MAX_CONVERSATIONS = 10;
/** Newest unread lines shown per conversation, and how long each may be. */
const MAX_LINES = 3;
const LINE_LENGTH = 140;

/** The participant row's first message not yet read nor mailed is the one after this seq. */
const pendingAfter = sql<number>`greatest(${conversationParticipants.lastReadSeq}, ${conversationParticipants.mailedSeq})`;

/**
 * SQL over accounts ⋈ conversation_participants ⋈ conversations: the person wants these mails, and the
 * conversation (still theirs under the team rule) has a message from someone else, neither read nor
 * mailed, older than the person's delay. The oldest such message decides, so later ones wait with it.
 */
function dueSql(now: Date, minuteMs: number) {
  return and(
    isNotNull(accounts.unreadMailDelayMinutes),
    isNotNull(accounts.emailVerifiedAt),
    gt(conversations.lastSeq, pendingAfter),
    sql`exists (
      select 1 from messages pending
      where pending.conversation_id = ${conversationParticipants.conversationId}
        and pending.seq > ${pendingAfter}
        and pending.sender_agent_id <> ${conversationParticipants.agentId}
        and pending.created_at <= ${now.toISOString()}::timestamptz
          - (${accounts.unreadMailDelayMinutes}::bigint * ${minuteMs}::bigint) * interval '1 millisecond'
    )`,
    conversationTeamAccessSql(conversationParticipants.agentId),
  );
}

/** Accounts with at least one conversation due at `now` (a pass mails each of them, unless another node is). */
export async function findAccountsWithDueMail(ctx: AppContext, now: Date, limit: number): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ accountId: accounts.id })
    .from(accounts)
    .innerJoin(conversationParticipants, eq(conversationParticipants.agentId, accounts.agentId))
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(dueSql(now, ctx.config.unreadMail.minuteMs))
    .limit(limit);
  return rows.map((row) => row.accountId);
}

const delayText = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`);

/** Where the app opens a conversation: /p/@username, or /t/:handle/p/@username for a team's. */
function conversationUrl(appUrl: string, other: AgentRow | undefined, teamHandle: string | undefined) {
  if (!other) return `${appUrl}/`;
  const path = `/p/@${encodeURIComponent(usernameOf(other))}`;
  return `${appUrl}${teamHandle ? `/t/${encodeURIComponent(teamHandle)}${path}` : path}`;
}

/** Where the app opens a team's room: /t/:handle/r/:name. */
const roomUrl = (appUrl: string, teamHandle: string, name: string) =>
  `${appUrl}/t/${encodeURIComponent(teamHandle)}/r/${encodeURIComponent(name)}`;

/** The newest unread lines (oldest first) and how many there are, up to `upToSeq`. */
async function unreadLines(tx: DbOrTx, conversationId: string, agentId: string, after: number, upToSeq: number) {
  const where = and(
    eq(messages.conversationId, conversationId),
    gt(messages.seq, after),
    lte(messages.seq, upToSeq),
    ne(messages.senderAgentId, agentId),
  );
  const [latest, [counted]] = await Promise.all([
    tx.select(messageColumns).from(messages).where(where).orderBy(desc(messages.seq)).limit(MAX_LINES),
    tx.select({ count: sql<number>`count(*)::int` }).from(messages).where(where),
  ]);
  return { latest: latest.reverse(), count: Number(counted?.count ?? 0) };
}

/**
 * Writes the one unread-messages mail for an account, if anything is due at `now`, in the transaction
 * that records what it lists as mailed: both commit or neither, so no message is mailed twice. The
 * account row is locked with SKIP LOCKED first, so when two nodes reach the same person at once one
 * of them skips; the other then finds the conversations already marked. Answers whether it queued a mail.
 */
export async function mailUnreadMessages(ctx: AppContext, accountId: string, now: Date): Promise<boolean> {
  const { appUrl, jwtSecret, unreadMail } = ctx.config;
  return inTransaction(ctx.db, async (tx) => {
    const [person] = await tx
      .select({ account: accounts, agent: agents })
      .from(accounts)
      .innerJoin(agents, eq(agents.id, accounts.agentId))
      .where(and(eq(accounts.id, accountId), isNotNull(accounts.unreadMailDelayMinutes)))
      .for('no key update', { of: accounts, skipLocked: true });
    if (!person) return false;
    const agentId = person.agent.id;

    const due: { conversation: ConversationRow; after: number }[] = await tx
      .select({ conversation: conversations, after: pendingAfter.mapWith(Number) })
      .from(conversationParticipants)
      .innerJoin(accounts, eq(accounts.agentId, conversationParticipants.agentId))
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(and(eq(accounts.id, accountId), dueSql(now, unreadMail.minuteMs)))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
    if (due.length === 0) return false;

    const listed = due.slice(0, MAX_CONVERSATIONS);
    const ids = listed.map((d) => d.conversation.id);
    const teamIds = listed.flatMap((d) => (d.conversation.teamId ? [d.conversation.teamId] : []));
    const [participants, teams] = await Promise.all([findParticipants(tx, ids), findTeamsByIds(tx, teamIds)]);
    const digests: UnreadConversationDigest[] = [];
    for (const { conversation, after } of listed) {
      const members = participants.filter((p) => p.participant.conversationId === conversation.id).map((p) => p.agent);
      const other = members.find((agent) => agent.id !== agentId);
      const team = teams.find((t) => t.id === conversation.teamId);
      const { latest, count } = await unreadLines(tx, conversation.id, agentId, after, conversation.lastSeq);
      const nameOf = (senderId: string) => {
        const sender = members.find((agent) => agent.id === senderId);
        return sender ? fullNameOf(sender) : 'Someone';
      };
      const isRoom = conversation.type === 'room' && team;
      digests.push({
        // A room is named by its name, not by one of its many members.
        title: isRoom ? `#${conversation.name} (${team.name})` : other ? `${fullNameOf(other)}${team ? ` (${team.name})` : ''}` : (team?.name ?? 'A conversation'),
        url: isRoom ? roomUrl(appUrl, team.handle, conversation.name ?? '') : conversationUrl(appUrl, other, team?.handle),
        unreadCount: count,
        lines: latest.map((message) => ({
          sender: nameOf(message.senderAgentId),
          text: markdownToPlainText(message.content, LINE_LENGTH) || 'Sent an attachment',
        })),
      });
    }

    // Everything listed up to each conversation's last seq as read here counts as mailed, even past the
    // first MAX_CONVERSATIONS (the mail says how many more there are).
    for (const { conversation } of due)
      await tx
        .update(conversationParticipants)
        .set({ mailedSeq: sql`greatest(${conversationParticipants.mailedSeq}, ${conversation.lastSeq})` })
        .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.agentId, agentId)));

    const token = unsubscribeToken(accountId, jwtSecret);
    const content = unreadMessagesMail({
      name: person.agent.firstName || fullNameOf(person.agent),
      conversations: digests,
      moreConversations: due.length - listed.length,
      appUrl,
      delayText: delayText(person.account.unreadMailDelayMinutes!),
      unsubscribeUrl: `${appUrl}/notifications/unsubscribe?token=${token}`,
    });
    const oneClick = `${appUrl}${API_BASE_PATH}/notifications/unsubscribe?token=${token}`;
    await enqueueMail(tx, person.account.email, {
      ...content,
      // RFC 8058: mail clients offer their own Unsubscribe button and POST to this URL, no page opened.
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    ctx.events.publish('mail.queued', {});
    return true;
  });
}

