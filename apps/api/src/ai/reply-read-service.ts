import type { TReplyContextResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { assertMessageParticipant, presentMessageRows } from './chat-link';
import { ROOT_SEQ } from './reply-context';
import { findHistoryBetween, findMessageRow } from './reply-context-repo';
import { conversationWithRuling } from './ruling';

/** More than a reply ever reads (its history is 40 messages at most, plus notices between them). */
const MAX_CONTEXT_MESSAGES = 200;

/**
 * GET /chat/messages/:id/context: what an AI reply read — the history messages that went into its
 * model call (as they are now: one deleted since shows as deleted), the files, the tool steps. For
 * anyone who may read the conversation (others: 404, as every message route); a message that read
 * nothing answers empty lists. A reply in a thread lists the thread's root first when it read it
 * (`readSeqs.from` is then ROOT_SEQ, reply-context), then the thread's replies it read.
 */
export async function replyReadContext(ctx: AppContext, agentId: string, messageId: string): Promise<TReplyContextResponse> {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  const { readSeqs, filesRead, toolSteps } = message.meta;
  const rows = readSeqs ? await findHistoryBetween(ctx.db, message.conversationId, readSeqs.from, readSeqs.to, MAX_CONTEXT_MESSAGES) : [];
  const root = readSeqs?.from === ROOT_SEQ ? await threadRootOf(ctx, message.conversationId) : undefined;
  return { messages: await presentMessageRows(ctx, root ? [root, ...rows] : rows), files: filesRead ?? [], steps: toolSteps ?? [] };
}

async function threadRootOf(ctx: AppContext, conversationId: string) {
  const rootId = (await conversationWithRuling(ctx.db, conversationId))?.conversation.threadRootMessageId;
  return rootId ? findMessageRow(ctx.db, rootId) : undefined;
}
