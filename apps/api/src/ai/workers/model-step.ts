import { ProviderError, type ModelToolCall, type ModelToolDef, type StreamUsage } from '../provider';
import { checkpointReplyJob } from '../reply-jobs-repo';
import { markSeen, publishStream } from './reply-signals';
import { addUsage, CALL_SEPARATOR, estimateUsage, type ReplyTurn, type Step } from './reply-turn';
import { toolStepsThen } from './tool-step';

const CHECKPOINT_MS = 250;

/**
 * One model call: what the model writes streams into the room and onto the reply's text. Every
 * CHECKPOINT_MS the text so far is saved and the lease extended (and once more CHECKPOINT_MS after
 * the last delta, so a reader on another node who reloads while the model pauses gets all the text
 * streamed so far, see trailingCheckpoints); a member's stop seen there aborts
 * the call, and a lost lease (another node took the job over) ends the reply with nothing written.
 * A model asking for tools hands on to a tool step, its text so far being the step's reason. A model
 * failure throws (a ProviderError) for the runner to settle.
 */
export const callModel: Step = async (turn, env) => {
  const tools = toolsToOffer(turn);
  try {
    return await streamCall(turn, env, tools);
  } catch (error) {
    // A model server without tool support answers 400 when sent tools: once more without, and in text from then on.
    if (!tools || !(error instanceof ProviderError) || error.status !== 400) throw error;
    env.ctx.logger.info({ jobId: turn.job.id }, 'the model refused tools (400): answering in text');
    turn.offerTools = false;
    return streamCall(turn, env, undefined);
  }
};

/** The tools the next call offers: none without tool support, once refused, or past the step limit. */
function toolsToOffer(turn: ReplyTurn): ModelToolDef[] | undefined {
  if (!turn.offerTools || turn.stepLimit !== undefined || turn.tools.length === 0) return undefined;
  return turn.tools.map((tool) => ({ name: tool.modelName, description: tool.description, parameters: tool.parameters }));
}

const streamCall = async (turn: ReplyTurn, env: Parameters<Step>[1], tools: ModelToolDef[] | undefined): ReturnType<Step> => {
  const { ctx } = env;
  const { live } = turn;
  let startedAt = live.text.length;
  let usage: StreamUsage | undefined;
  let calls: ModelToolCall[] = [];
  let lastCheckpoint = Date.now();
  const trailing = trailingCheckpoints(turn, env);
  try {
    const stream = turn.provider.stream(turn.context, { model: turn.agent.model ?? undefined, signal: live.controller.signal, ...(tools ? { tools } : {}) });
    for await (const event of stream) {
      await markSeen(ctx, turn);
      if (event.type === 'usage') {
        usage = event.usage;
        continue;
      }
      if (event.type === 'tool_calls') {
        calls = tools ? event.calls : [];
        continue;
      }
      if (!event.text) continue;
      // The text of a call after a tool step starts a paragraph of its own.
      const separator = live.text.length > 0 && startedAt === live.text.length ? CALL_SEPARATOR : '';
      if (separator) startedAt += separator.length;
      publishStream(ctx, turn, separator + event.text, false);
      live.text += separator + event.text;
      if (Date.now() - lastCheckpoint < CHECKPOINT_MS) {
        trailing.schedule(lastCheckpoint + CHECKPOINT_MS - Date.now());
        continue;
      }
      lastCheckpoint = Date.now();
      const check = await trailing.save(() => checkpointReplyJob(ctx.db, turn.job, live.text, ctx.config.ai.leaseMs));
      if (!check) {
        live.controller.abort();
        return 'lost';
      }
      if (check.cancelRequested) live.controller.abort();
    }
  } finally {
    await trailing.end();
    // What the call spent counts however it ended.
    turn.spent = addUsage(turn.spent, usage ?? estimateUsage(turn.context, live.text.slice(startedAt)));
  }
  await markSeen(ctx, turn);
  if (calls.length === 0) return 'written';
  turn.asked = { calls, reason: live.text.slice(startedAt) };
  return toolSteps.record;
};

/**
 * The checkpoint owed to deltas that came within CHECKPOINT_MS of the last one: written by a timer,
 * as the next delta may be long in coming. It only saves the text (the lease and a stop are the
 * regular checkpoint's to handle). Every save runs after the one before, so the text saved never
 * shrinks; `end` waits for the last one, so nothing is written once the call is over.
 */
function trailingCheckpoints(turn: ReplyTurn, { ctx }: Parameters<Step>[1]) {
  let saving: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = <T>(write: () => Promise<T>): Promise<T> => {
    clearTimeout(timer);
    timer = undefined;
    const next = saving.then(write);
    saving = next.catch((error: unknown) => ctx.logger.warn({ err: error, jobId: turn.job.id }, 'reply checkpoint failed'));
    return next;
  };
  return {
    schedule(inMs: number) {
      timer ??= setTimeout(() => void after(() => checkpointReplyJob(ctx.db, turn.job, turn.live.text, ctx.config.ai.leaseMs)), Math.max(0, inMs));
    },
    save: after,
    async end() {
      clearTimeout(timer);
      timer = undefined;
      await saving;
    },
  };
}

/** Tool steps hand back to the model (tool-step.ts knows nothing of this file: no import cycle). */
const toolSteps = toolStepsThen(callModel);

/** A reply taken up again with tool calls recorded (decided approvals, or a node that died): settle them, then the model. */
export const resumeToolSteps: Step = toolSteps.settle;
