import { CHAT_ERRORS, type TSaveMessageResponse, type TSavedMessagesQuery, type TSavedMessagesResponse, type TSearchConversation } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertMessageParticipant } from '../chat/chat-access';
import { describeConversations } from '../chat/search-conversations';
import { presentMessageRows } from '../chat/chat-views';
import { findConversationsByIds } from '../chat/search-repo';
import { isThread } from '../chat/thread-parent';
import { deleteSaved, findReadableSaved, insertSaved, type SavedRow } from './saved-repo';

/*
 * Saved messages (decision 0026): a person's own bookmarks. Saving needs only read access (a read-only
 * 1:1 and a thread's replies included) and tells no one. The list shows what the person can read now:
 * leaving a room hides its messages, joining it again brings them back.
 */

/** PUT /chat/messages/:id/save: any message the caller can read (404 otherwise); a deleted one is 409, as for reactions. */
export async function saveMessage(ctx: AppContext, agentId: string, messageId: string): Promise<TSaveMessageResponse> {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  if (message.deletedAt) throw conflict(CHAT_ERRORS.messageDeleted);
  await inTransaction(ctx.db, (tx) => insertSaved(tx, agentId, messageId));
  return { saved: true };
}

/** DELETE /chat/messages/:id/save: the same access rule; unsaving twice changes nothing. */
export async function unsaveMessage(ctx: AppContext, agentId: string, messageId: string): Promise<TSaveMessageResponse> {
  await assertMessageParticipant(ctx.db, messageId, agentId);
  await inTransaction(ctx.db, (tx) => deleteSaved(tx, agentId, messageId));
  return { saved: false };
}

/** Each row's conversation as search names it; a thread reply by its thread's parent, where it is opened. */
async function describeSavedPlaces(ctx: AppContext, rows: SavedRow[], agentId: string): Promise<TSearchConversation[]> {
  const parentIds = [...new Set(rows.flatMap(({ conversation }) => (isThread(conversation) ? [conversation.parentConversationId!] : [])))];
  const parents = new Map((parentIds.length ? await findConversationsByIds(ctx.db, parentIds) : []).map((c) => [c.id, c]));
  const shown = rows.map(({ conversation }) => (isThread(conversation) ? (parents.get(conversation.parentConversationId!) ?? conversation) : conversation));
  const described = await describeConversations(ctx.db, agentId, [...new Map(shown.map((c) => [c.id, c])).values()]);
  return shown.map((conversation) => described.get(conversation.id)!);
}

/**
 * The next page starts strictly before the last save shown, so saves of that same millisecond past
 * this page's end would be skipped: they move to the next page together (unless the whole page is
 * one millisecond).
 */
function cutPage(rows: SavedRow[], limit: number): { page: SavedRow[]; more: boolean } {
  if (rows.length <= limit) return { page: rows, more: false };
  const firstLeftOut = rows[limit]!.savedAt.getTime();
  const page = rows.slice(0, limit);
  const whole = page.filter((row) => row.savedAt.getTime() !== firstLeftOut);
  return { page: whole.length ? whole : page, more: true };
}

/** GET /users/me/saved: newest saved first; `before` is the previous page's `nextBefore`. */
export async function listSavedMessages(ctx: AppContext, agentId: string, query: TSavedMessagesQuery): Promise<TSavedMessagesResponse> {
  const rows = await findReadableSaved(ctx.db, agentId, { before: query.before ? new Date(query.before) : undefined, limit: query.limit + 1 });
  const { page, more } = cutPage(rows, query.limit);
  const [messages, descriptors] = await Promise.all([presentMessageRows(ctx, page.map((row) => row.message)), describeSavedPlaces(ctx, page, agentId)]);
  return {
    saved: page.map((row, i) => ({
      message: messages[i]!,
      conversation: descriptors[i]!,
      savedAt: row.savedAt.toISOString(),
    })),
    nextBefore: more ? page.at(-1)!.savedAt.toISOString() : null,
  };
}
