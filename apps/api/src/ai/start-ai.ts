import type { AppContext } from '../context';
import { afterMessageCommitted, onMessageInserted } from '../chat/chat-events';
import { createModelRegistry } from './model-registry';
import { enqueueRepliesFor, needsReply } from './reply-service';
import { startReplyWorker } from './reply-worker';

/**
 * Wires AI agents into the chat: a message to one creates its reply job in the same transaction,
 * the worker is woken after commit, and any node's worker may write it.
 */
export function startAi(ctx: AppContext) {
  const models = createModelRegistry(ctx.config, ctx.logger);
  const replies = startReplyWorker(ctx, models);
  ctx.ai = { models, replies };
  const unhooks = [onMessageInserted(ctx, { appliesTo: needsReply, run: enqueueRepliesFor }), afterMessageCommitted(ctx, (_ctx, { sender, recipients }) => {
      // Only a person's message to an AI agent queues a reply: no claim query for every other message.
      if (needsReply(sender, recipients)) replies.kick();
    })];
  return {
    stop: async () => {
      unhooks.forEach((unhook) => unhook());
      await replies.stop();
    },
  };
}
