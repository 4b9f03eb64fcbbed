import type { StreamUsage } from '../provider';
import { checkpointReplyJob } from '../reply-jobs-repo';
import { markSeen, publishStream } from './reply-signals';
import { addUsage, estimateUsage, type Step } from './reply-turn';

const CHECKPOINT_MS = 250;

/**
 * One model call: what the model writes streams into the room and onto the reply's text. Every
 * CHECKPOINT_MS the text so far is saved and the lease extended; a member's stop seen there aborts
 * the call, and a lost lease (another node took the job over) ends the reply with nothing written.
 * A model failure throws (a ProviderError) for the runner to settle.
 */
export const callModel: Step = async (turn, env) => {
  const { ctx } = env;
  const { live } = turn;
  const startedAt = live.text.length;
  let usage: StreamUsage | undefined;
  let lastCheckpoint = Date.now();
  try {
    for await (const event of turn.provider.stream(turn.context, { model: turn.agent.model ?? undefined, signal: live.controller.signal })) {
      await markSeen(ctx, turn);
      if (event.type === 'usage') {
        usage = event.usage;
        continue;
      }
      if (event.type === 'tool_calls') continue; // tool steps are not wired yet
      publishStream(ctx, turn, event.text, false);
      live.text += event.text;
      if (Date.now() - lastCheckpoint < CHECKPOINT_MS) continue;
      lastCheckpoint = Date.now();
      const check = await checkpointReplyJob(ctx.db, turn.job, live.text, ctx.config.ai.leaseMs);
      if (!check) {
        live.controller.abort();
        return 'lost';
      }
      if (check.cancelRequested) live.controller.abort();
    }
  } finally {
    // What the call spent counts however it ended.
    turn.spent = addUsage(turn.spent, usage ?? estimateUsage(turn.context, live.text.slice(startedAt)));
  }
  await markSeen(ctx, turn);
  // The model has finished its answer. (A model asking to call a tool will hand on to a tool step here.)
  return 'written';
};
