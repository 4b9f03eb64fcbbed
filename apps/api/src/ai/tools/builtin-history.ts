import { z } from 'zod';
import type { AppContext } from '../../context';
import { assertConversationParticipant } from '../chat-link';
import { findMessageSeq } from '../reply-context-repo';
import { findReplyJob } from '../reply-jobs-repo';
import { conversationWithRuling } from '../ruling';
import { findMessagesBefore, findRootMessage, findWindowStartSeq } from './builtin-tools-repo';
import type { RunAs, ToolResult } from './tool-types';

export const ZHistoryArgs = z.strictObject({
  before_seq: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(50).optional(),
});

/** As many messages as the reply's history holds (reply-context): what the model already has. */
const HISTORY_WINDOW = 40;

/**
 * read_history: this conversation's messages older than the reply's history (or than `before_seq`),
 * oldest first, each with its seq so the model can read further back. Only when the person who
 * asked may read this conversation. In a thread (decision 0026) that is the thread: its earlier
 * replies, and its root (seq 0) once the read reaches the thread's start; never the parent's messages.
 */
export async function runReadHistory(ctx: AppContext, args: z.output<typeof ZHistoryArgs>, runAs: RunAs): Promise<ToolResult> {
  if (!runAs.personId) return { text: 'No person asked for this reply, so there is nobody to read as.', isError: true };
  const allowed = await assertConversationParticipant(ctx.db, runAs.conversationId, runAs.personId).then(
    () => true,
    () => false,
  );
  if (!allowed) return { text: 'The person who asked cannot read this conversation.', isError: true };
  const place = await conversationWithRuling(ctx.db, runAs.conversationId);
  const before = args.before_seq ?? (await historyStart(ctx, runAs, place?.ruling.type === 'room'));
  if (before === undefined) return { text: 'There are no earlier messages.', isError: false };
  const limit = args.limit ?? 20;
  const rows = (await findMessagesBefore(ctx.db, runAs.conversationId, before, limit)).reverse();
  // The thread's start reached (fewer than asked for, and seq 0 not read yet): its root comes first.
  const rootId = place?.conversation.type === 'thread' && before > 0 && rows.length < limit ? place.conversation.threadRootMessageId : null;
  const root = rootId ? await findRootMessage(ctx.db, rootId) : undefined;
  if (root) rows.unshift({ ...root, seq: 0 });
  if (rows.length === 0) return { text: 'There are no earlier messages.', isError: false };
  const lines = rows.map((r) => ({
    seq: r.seq,
    from: `${[r.firstName, r.lastName].filter(Boolean).join(' ') || r.username} (${r.isHuman ? 'person' : 'AI agent'})`,
    at: r.at.toISOString(),
    text: r.content,
  }));
  return { text: JSON.stringify({ messages: lines }), isError: false };
}

/** The seq where the reply's history starts (reply-context: up to now in a room chain or a room's thread's, else up to the message answered). */
async function historyStart(ctx: AppContext, runAs: RunAs, inRoom: boolean): Promise<number | undefined> {
  const job = await findReplyJob(ctx.db, runAs.jobId);
  const upToNow = inRoom && Boolean(job?.chainRootMessageId);
  const maxSeq = upToNow || !job ? undefined : await findMessageSeq(ctx.db, job.triggerMessageId);
  return findWindowStartSeq(ctx.db, runAs.conversationId, maxSeq, HISTORY_WINDOW);
}
