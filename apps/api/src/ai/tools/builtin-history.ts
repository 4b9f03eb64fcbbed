import { z } from 'zod';
import type { AppContext } from '../../context';
import { assertConversationParticipant } from '../chat-link';
import { findMessageSeq } from '../reply-context-repo';
import { findReplyJob } from '../reply-jobs-repo';
import { findConversationTeam, findMessagesBefore, findWindowStartSeq } from './builtin-tools-repo';
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
 * asked may read this conversation.
 */
export async function runReadHistory(ctx: AppContext, args: z.output<typeof ZHistoryArgs>, runAs: RunAs): Promise<ToolResult> {
  if (!runAs.personId) return { text: 'No person asked for this reply, so there is nobody to read as.', isError: true };
  const allowed = await assertConversationParticipant(ctx.db, runAs.conversationId, runAs.personId).then(
    () => true,
    () => false,
  );
  if (!allowed) return { text: 'The person who asked cannot read this conversation.', isError: true };
  const before = args.before_seq ?? (await historyStart(ctx, runAs));
  if (before === undefined) return { text: 'There are no earlier messages.', isError: false };
  const rows = (await findMessagesBefore(ctx.db, runAs.conversationId, before, args.limit ?? 20)).reverse();
  if (rows.length === 0) return { text: 'There are no earlier messages.', isError: false };
  const lines = rows.map((r) => ({
    seq: r.seq,
    from: `${[r.firstName, r.lastName].filter(Boolean).join(' ') || r.username} (${r.isHuman ? 'person' : 'AI agent'})`,
    at: r.at.toISOString(),
    text: r.content,
  }));
  return { text: JSON.stringify({ messages: lines }), isError: false };
}

/** The seq where the reply's history starts (reply-context: up to now in a room chain, else up to the message answered). */
async function historyStart(ctx: AppContext, runAs: RunAs): Promise<number | undefined> {
  const job = await findReplyJob(ctx.db, runAs.jobId);
  const conversation = await findConversationTeam(ctx.db, runAs.conversationId);
  const upToNow = conversation?.type === 'room' && Boolean(job?.chainRootMessageId);
  const maxSeq = upToNow || !job ? undefined : await findMessageSeq(ctx.db, job.triggerMessageId);
  return findWindowStartSeq(ctx.db, runAs.conversationId, maxSeq, HISTORY_WINDOW);
}
