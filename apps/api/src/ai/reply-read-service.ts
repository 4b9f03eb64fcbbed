import type { TReplyContextResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { assertMessageParticipant, presentMessageRows } from './chat-link';
import { findHistoryBetween } from './reply-context-repo';

/** More than a reply ever reads (its history is 40 messages at most, plus notices between them). */
const MAX_CONTEXT_MESSAGES = 200;

/**
 * GET /chat/messages/:id/context: what an AI reply read — the history messages that went into its
 * model call (as they are now: one deleted since shows as deleted), the files, the tool steps. For
 * anyone who may read the conversation (others: 404, as every message route); a message that read
 * nothing answers empty lists.
 */
export async function replyReadContext(ctx: AppContext, agentId: string, messageId: string): Promise<TReplyContextResponse> {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  const { readSeqs, filesRead, toolSteps } = message.meta;
  const rows = readSeqs ? await findHistoryBetween(ctx.db, message.conversationId, readSeqs.from, readSeqs.to, MAX_CONTEXT_MESSAGES) : [];
  return { messages: await presentMessageRows(ctx, rows), files: filesRead ?? [], steps: toolSteps ?? [] };
}
