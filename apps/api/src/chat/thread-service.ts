import { THREAD_ERRORS, type TFollowedThreadsQuery, type TFollowedThreadsResponse, type TOpenThreadResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertConversationParticipant, assertMessageParticipant } from './chat-access';
import { presentConversationRows, presentMessageRows, unreadAfter } from './chat-views';
import { describeConversations } from './search-conversations';
import { findConversationsByIds } from './search-repo';
import { isThread } from './thread-parent';
import { countUnreadThreads, findFollowedThreads, findLastMessagesOf, findMessagesByIds, findThreadOfRoot, insertThread, setFollowing, threadPlaceOf } from './thread-repo';

/**
 * Opens a message's thread (decision 0026), making it on first open: the caller must read the
 * message (404 as for any message), and only a text message of a 1:1 or a room, not deleted, starts
 * one. Concurrent opens make one thread (its pair key); `created` says whether this one did.
 */
export async function openThread(ctx: AppContext, agentId: string, rootMessageId: string): Promise<{ created: boolean; body: TOpenThreadResponse }> {
  const { message: root, conversation: parent } = await assertMessageParticipant(ctx.db, rootMessageId, agentId);
  if (isThread(parent) || root.messageType !== 'text' || root.deletedAt) throw badRequest(THREAD_ERRORS.cannotStartThread);
  let thread = await findThreadOfRoot(ctx.db, root.id);
  let created = false;
  if (!thread) {
    const made = await inTransaction(ctx.db, (tx) => insertThread(tx, parent, root));
    created = made !== undefined;
    thread = made ?? (await findThreadOfRoot(ctx.db, root.id))!;
  }
  const [[conversation], [presentedRoot]] = await Promise.all([presentConversationRows(ctx, [thread], agentId), presentMessageRows(ctx, [root])]);
  return { created, body: { thread: conversation!, root: presentedRoot! } };
}

/** Follows a thread or stops following it (404 as usual for no access; 400 for a conversation that is not a thread). */
export async function followThread(ctx: AppContext, agentId: string, conversationId: string, following: boolean) {
  const { conversation } = await assertConversationParticipant(ctx.db, conversationId, agentId);
  if (!isThread(conversation)) throw badRequest(THREAD_ERRORS.onlyThreadsFollowed);
  await inTransaction(ctx.db, (tx) => setFollowing(tx, conversation.id, [agentId], following));
  return { following };
}

/**
 * The caller's Threads view: the threads they follow and may still read, newest latest reply first,
 * each with its root, latest reply, counts and where it lives; and how many have unread replies.
 */
export async function listFollowedThreads(ctx: AppContext, agentId: string, query: TFollowedThreadsQuery): Promise<TFollowedThreadsResponse> {
  const [rows, unreadThreads] = await Promise.all([findFollowedThreads(ctx.db, agentId, query), countUnreadThreads(ctx.db, agentId)]);
  const page = rows.slice(0, query.limit);
  const threads = page.map((r) => r.thread);
  const [roots, lastReplies, parents] = await Promise.all([
    findMessagesByIds(ctx.db, threads.map((t) => t.threadRootMessageId!)),
    findLastMessagesOf(ctx.db, threads.map((t) => t.id)),
    findConversationsByIds(ctx.db, [...new Set(threads.map((t) => t.parentConversationId!))]),
  ]);
  const [presented, descriptors] = await Promise.all([
    presentMessageRows(ctx, [...roots, ...lastReplies]),
    describeConversations(ctx.db, agentId, parents),
  ]);
  const byId = new Map(presented.map((m) => [m.id, m]));
  const lastByThread = new Map(lastReplies.map((m) => [m.conversationId, byId.get(m.id)!]));
  return {
    threads: page.flatMap(({ thread, lastReadSeq, unreadMentions }) => {
      const root = byId.get(thread.threadRootMessageId!);
      const conversation = descriptors.get(thread.parentConversationId!);
      if (!root || !conversation) return [];
      return [
        {
          place: threadPlaceOf(thread),
          conversation,
          root,
          lastReply: lastByThread.get(thread.id) ?? null,
          replyCount: root.thread?.replyCount ?? 0,
          unreadCount: unreadAfter(thread.lastSeq, lastReadSeq),
          unreadMentions,
          lastReplyAt: thread.lastMessageAt?.toISOString() ?? null,
        },
      ];
    }),
    unreadThreads,
    nextBefore: rows.length > query.limit ? page.at(-1)!.latestAt.toISOString() : null,
  };
}
