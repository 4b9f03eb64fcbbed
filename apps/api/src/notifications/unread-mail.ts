import { API_BASE_PATH, MAIL_TEXTS } from '@agentroom/shared';
import { markdownToPlainText } from '@agentroom/shared/markdown';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { translatorFor } from '../core/translate';
import type { AgentRow } from '../db/rows';
import { findParticipants, findTeamsByIds } from '../chat/chat-repo';
import { findConversationsByIds } from '../chat/search-repo';
import { enqueueMail } from '../mail/outbox-repo';
import { unreadMessagesMail, type UnreadConversationDigest } from '../mail/templates';
import { fullNameOf } from '../users/presenters';
import { usernameOf } from '../agents/agent-presenters';
import { findDueConversations, findUnreadLines, lockPersonWantingMail, markMailedUpTo } from './unread-mail-repo';
import { unsubscribeToken } from './unsubscribe-token';

/** Conversations listed in one mail (the rest are counted and marked as mailed too). */
const MAX_CONVERSATIONS = 10;
/** Newest unread lines shown per conversation, and how long each may be. */
const MAX_LINES = 3;
const LINE_LENGTH = 140;


/** Where the app opens a conversation: /p/@username, or /t/:handle/p/@username for a team's. */
function conversationUrl(appUrl: string, other: AgentRow | undefined, teamHandle: string | undefined) {
  if (!other) return `${appUrl}/`;
  const path = `/p/@${encodeURIComponent(usernameOf(other))}`;
  return `${appUrl}${teamHandle ? `/t/${encodeURIComponent(teamHandle)}${path}` : path}`;
}

/** Where the app opens a team's room: /t/:handle/r/:name. */
const roomUrl = (appUrl: string, teamHandle: string, name: string) =>
  `${appUrl}/t/${encodeURIComponent(teamHandle)}/r/${encodeURIComponent(name)}`;

/**
 * Writes the one unread-messages mail for an account, if anything is due at `now`, in the transaction
 * that records what it lists as mailed: both commit or neither, so no message is mailed twice. The
 * account row is locked with SKIP LOCKED first, so when two nodes reach the same person at once one
 * of them skips; the other then finds the conversations already marked. Answers whether it queued a mail.
 */
export async function mailUnreadMessages(ctx: AppContext, accountId: string, now: Date): Promise<boolean> {
  const { appUrl, jwtSecret, unreadMail } = ctx.config;
  return inTransaction(ctx.db, async (tx) => {
    const person = await lockPersonWantingMail(tx, accountId);
    if (!person) return false;
    const agentId = person.agent.id;
    const tr = translatorFor(person.account.locale);

    const due = await findDueConversations(tx, accountId, now, unreadMail.minuteMs);
    if (due.length === 0) return false;

    const listed = due.slice(0, MAX_CONVERSATIONS);
    const ids = listed.map((d) => d.conversation.id);
    const teamIds = listed.flatMap((d) => (d.conversation.teamId ? [d.conversation.teamId] : []));
    // A thread (decision 0026) is named and linked as the conversation its root is in.
    const parentIds = listed.flatMap((d) => (d.conversation.parentConversationId ? [d.conversation.parentConversationId] : []));
    // One after another: a transaction is one connection, and pg refuses overlapping queries on one.
    const participants = await findParticipants(tx, ids);
    const teams = await findTeamsByIds(tx, teamIds);
    const parents = parentIds.length ? await findConversationsByIds(tx, parentIds) : [];
    const digests: UnreadConversationDigest[] = [];
    for (const { conversation, after, onlyMentions } of listed) {
      const members = participants.filter((p) => p.participant.conversationId === conversation.id).map((p) => p.agent);
      const other = members.find((agent) => agent.id !== agentId);
      const team = teams.find((t) => t.id === conversation.teamId);
      const { latest, count } = await findUnreadLines(tx, conversation.id, agentId, { after, upToSeq: conversation.lastSeq, onlyMentions }, MAX_LINES);
      const nameOf = (senderId: string) => {
        const sender = members.find((agent) => agent.id === senderId);
        return sender ? fullNameOf(sender) : tr.t(MAIL_TEXTS.unread.someone);
      };
      const place = parents.find((c) => c.id === conversation.parentConversationId) ?? conversation;
      const isRoom = place.type === 'room' && team;
      const named = isRoom ? `#${place.name} (${team.name})` : other ? `${fullNameOf(other)}${team ? ` (${team.name})` : ''}` : (team?.name ?? tr.t(MAIL_TEXTS.unread.aConversation));
      digests.push({
        // A room is named by its name, not by one of its many members.
        title: place === conversation ? named : MAIL_TEXTS.unread.thread.resolve(tr.t, named),
        url: isRoom ? roomUrl(appUrl, team.handle, place.name ?? '') : conversationUrl(appUrl, other, team?.handle),
        unreadCount: count,
        lines: latest.map((message) => ({
          sender: nameOf(message.senderAgentId),
          text: markdownToPlainText(message.content, LINE_LENGTH) || tr.t(MAIL_TEXTS.unread.attachment),
        })),
      });
    }

    // Everything listed up to each conversation's last seq as read here counts as mailed, even past the
    // first MAX_CONVERSATIONS (the mail says how many more there are).
    for (const { conversation } of due) await markMailedUpTo(tx, conversation.id, agentId, conversation.lastSeq);

    const token = unsubscribeToken(accountId, jwtSecret);
    const content = unreadMessagesMail(tr, {
      name: person.agent.firstName || fullNameOf(person.agent),
      conversations: digests,
      moreConversations: due.length - listed.length,
      appUrl,
      delayMinutes: person.account.unreadMailDelayMinutes!,
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

