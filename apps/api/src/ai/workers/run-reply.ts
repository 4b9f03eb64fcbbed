import type { TMessageMeta } from '../../db/schema';
import type { AgentRow, ReplyJobRow } from '../../db/rows';
import { countApprovalResumes, findJobToolCalls } from '../approvals/tool-calls-repo';
import { presentSteps } from '../approvals/tool-step-view';
import { findAgent } from '../chat-link';
import { storeNotice, storeReply } from '../finish-reply';
import { ProviderError, type ModelMessage, type ModelProvider } from '../provider';
import { replyContext, teamOf } from '../reply-context';
import { finishReplyJob, requeueReplyJob } from '../reply-jobs-repo';
import { checkBudget } from '../budgets';
import { callModel, resumeToolSteps } from './model-step';
import { publishStream, publishTyping } from './reply-signals';
import { recordSpend, type LiveReply, type ReplyTurn, type RunnerEnv, type Step, type StepResult } from './reply-turn';
import { reasonsOf } from './tool-step';

/**
 * Writes one claimed job to its end: typing on, the steps of the reply (the model streams into the
 * room), the reply stored as a message in the transaction that ends the job, typing off. Every
 * failure ends in a visible notice, never in silence; a node shutting down hands the job back.
 */
export async function runReply(env: RunnerEnv, job: ReplyJobRow, live: LiveReply): Promise<void> {
  const ready = await preflight(env, job);
  if (!ready) return;
  const { ctx } = env;
  await publishTyping(ctx, job, ready.agent, true);
  const { messages: context, filesRead, readSeqs } = await replyContext(ctx, job, ready.agent);
  const { turn, resumed } = await startTurn(env, job, live, ready, context);
  // A resumed reply streams as a new attempt: its text so far first, from offset 0, for clients to start afresh.
  if (resumed && live.text) publishStream(ctx, { ...turn, live: { ...live, text: '' } }, live.text, false);
  try {
    const ended = await runSteps(turn, env, resumed ? resumeToolSteps : callModel);
    if (ended === 'written') {
      await recordSpend(env, turn);
      await storeReply(ctx, job, live.text.trim() || '…', 'done', {
        ...stepsMeta(turn),
        ...(filesRead.length ? { filesRead } : {}),
        ...(readSeqs ? { readSeqs } : {}),
      });
    }
    // Parked until a person decides: what it spent so far counts now, the reply once it is written.
    if (ended === 'waiting') await recordSpend(env, turn, 0);
  } catch (error) {
    await recordSpend(env, turn);
    await settleFailure(env, turn, error);
  } finally {
    publishStream(ctx, turn, '', true);
    await publishTyping(ctx, job, turn.agent, false).catch(() => undefined);
    await recordSpend(env, turn); // a reply lost to another node still spent what it spent
  }
}

/**
 * The reply's shared state. A reply with tool calls recorded (its approvals were decided, or the
 * node writing it died) is taken up from them: its text so far is the text the model wrote before
 * each step (the checkpointed text is not: a requeue clears it), and its steps are settled first.
 */
async function startTurn(
  env: RunnerEnv,
  job: ReplyJobRow,
  live: LiveReply,
  ready: { agent: AgentRow; provider: ModelProvider; teamId: string | null },
  context: ModelMessage[],
): Promise<{ turn: ReplyTurn; resumed: boolean }> {
  const { ctx } = env;
  const runAs = { personId: job.requestedByAgentId, agentId: ready.agent.id, conversationId: job.conversationId, teamId: ready.teamId, jobId: job.id };
  const tools = await env.tools.toolsFor(ctx, ready.agent, runAs);
  const recorded = await findJobToolCalls(ctx.db, job.id);
  live.text = reasonsOf(recorded);
  const turn: ReplyTurn = {
    ...ready,
    job,
    live,
    baseContext: context,
    context,
    runAs,
    tools,
    offerTools: ctx.config.ai.supportsTools,
    steps: presentSteps(env.tools, recorded),
    toolSteps: 0,
    spent: { promptTokens: 0, completionTokens: 0 },
    spendRecorded: false,
    seen: false,
  };
  return { turn, resumed: recorded.length > 0 };
}

/** What a stored reply carries of its tool steps: the steps, and the step limit when it was reached. */
function stepsMeta(turn: ReplyTurn): TMessageMeta {
  return { ...(turn.steps.length ? { toolSteps: turn.steps } : {}), ...(turn.stepLimit ? { stepLimit: turn.stepLimit } : {}) };
}

/** Runs the reply's steps, each handing on to the next, until it is written, lost, or waits for a person. */
async function runSteps(turn: ReplyTurn, env: RunnerEnv, first: Step): Promise<'written' | 'lost' | 'waiting'> {
  let next: StepResult = first;
  while (typeof next === 'function') next = await next(turn, env);
  return next;
}

/**
 * What must hold before the model is called: the agent still exists, nobody stopped the job, it has
 * attempts left, a model is configured, the team and the person who asked have budget left. Undefined when the job ended here.
 */
async function preflight(env: RunnerEnv, job: ReplyJobRow) {
  const { ctx } = env;
  const agent = await findAgent(ctx.db, job.agentId);
  if (!agent) return void (await finishReplyJob(ctx.db, job, { status: 'failed', error: 'agent gone' }));
  if (job.cancelRequested) return void (await finishReplyJob(ctx.db, job, { status: 'cancelled' }));
  // A resume after decided approvals is a claim (attempts + 1) but no crash: each is allowed on top.
  if (job.attempts > ctx.config.ai.maxAttempts + (await countApprovalResumes(ctx.db, job.id))) return void (await storeNotice(ctx, job, agent, 'interrupted'));
  const provider = await env.models.provider();
  if (!provider) {
    // How to fix it goes to the log (and to the team's owners in the chat), not to every user.
    ctx.logger.warn(
      { agentId: agent.id, jobId: job.id },
      'AI agent has no language model: set LLM_BASE_URL to an OpenAI-compatible server, or run Ollama locally',
    );
    return void (await storeNotice(ctx, job, agent, 'no_model'));
  }
  const teamId = await teamOf(ctx, job);
  const spent = await checkBudget(ctx, teamId, job.requestedByAgentId);
  if (spent !== 'ok') return void (await storeNotice(ctx, job, agent, spent === 'team' ? 'budget_exhausted' : 'person_budget_exhausted'));
  return { agent, provider, teamId };
}

/**
 * A step threw. Shutting down: the job goes back to the queue, for the next node (or this one
 * restarted) to write. Stopped by a member: what was written so far is kept. Anything else: a notice.
 */
async function settleFailure(env: RunnerEnv, turn: ReplyTurn, error: unknown) {
  const { ctx } = env;
  const { job, agent, live } = turn;
  if (env.stopping()) return void (await requeueReplyJob(ctx.db, job, 0, 'interrupted', 'server stopped'));
  const kind = error instanceof ProviderError ? error.kind : 'provider_error';
  if (kind === 'cancelled') {
    if (live.text.trim()) await storeReply(ctx, job, live.text, 'cancelled', { stopped: true, ...stepsMeta(turn) });
    else await finishReplyJob(ctx.db, job, { status: 'cancelled' });
    return;
  }
  ctx.logger.warn({ err: error, jobId: job.id }, 'AI reply failed');
  env.metrics?.modelErrors.inc({ kind });
  await storeNotice(ctx, job, agent, kind, error instanceof Error ? error.message : String(error));
}
