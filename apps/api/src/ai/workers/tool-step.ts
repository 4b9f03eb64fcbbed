import { inTransaction } from '../../core/transaction';
import type { ToolCallRow } from '../../db/rows';
import { approvalCardText, newApprovalCard } from '../approvals/approval-card';
import { approversOf, type Approvers } from '../approvals/approvers';
import { capText, presentSteps } from '../approvals/tool-step-view';
import {
  countPendingToolCalls,
  endToolCall,
  findJobToolCalls,
  insertToolCalls,
  setToolCallMessage,
  startToolCall,
  type NewToolCall,
} from '../approvals/tool-calls-repo';
import { resolveSendTarget, writeMessage } from '../chat-link';
import { ProviderError, type ModelMessage, type ModelToolCall } from '../provider';
import { checkpointReplyJob, lockReplyJob, parkReplyJob } from '../reply-jobs-repo';
import type { ToolResult } from '../tools/tool-types';
import { publishStream } from './reply-signals';
import { CALL_SEPARATOR, type ReplyTurn, type RunnerEnv, type Step } from './reply-turn';

/*
 * A tool step (decision 0024): the model asked for tools. Every call of the step is recorded before
 * any runs (one transaction, with the approval cards of those that need one); calls that run on
 * their own run, each marked 'running' before and ended with its result after; a call waiting for a
 * person parks the reply (status 'waiting', no lease) until a decision queues it again. Settling
 * reads the recorded calls back, so a fresh step, a decided approval and a node that died all take
 * the same path: a call found 'running' is never run again, an approved one runs now, and the
 * model is then sent the base context plus every step in order.
 */

const INTERRUPTED = 'The tool call was interrupted (the server restarted); it may or may not have run.';
const GONE = 'This tool is no longer available to this agent.';

/** The record and settle steps, handing back to `next` (the model call) once no call waits. */
export function toolStepsThen(next: Step): { record: Step; settle: Step } {
  const settle: Step = async (turn, env) => {
    const { ctx } = env;
    const rows = await findJobToolCalls(ctx.db, turn.job.id);
    // Only this attempt runs the job's calls now: one still 'running' was left by a node that died.
    for (const row of rows.filter((r) => r.status === 'running')) await endToolCall(ctx.db, row.id, 'running', { status: 'error', text: INTERRUPTED, isError: true });
    for (const row of rows.filter((r) => r.status === 'approved')) {
      const check = await checkpointReplyJob(ctx.db, turn.job, turn.live.text, ctx.config.ai.leaseMs);
      if (!check) return 'lost';
      if (check.cancelRequested || turn.live.controller.signal.aborted) throw new ProviderError('cancelled', 'Reply stopped');
      await runCall(turn, env, row);
    }
    const settled = await findJobToolCalls(ctx.db, turn.job.id);
    await showSteps(turn, env, settled);
    if (settled.some((r) => r.status === 'pending_approval')) {
      const parked = await park(turn, env);
      return parked === 'decided' ? settle : parked;
    }
    turn.context = [...turn.baseContext, ...replaySteps(settled)];
    turn.toolSteps = new Set(settled.map((r) => r.step)).size;
    if (turn.toolSteps >= ctx.config.ai.maxToolSteps) turn.stepLimit = ctx.config.ai.maxToolSteps;
    return next;
  };

  const record: Step = async (turn, env) => {
    const asked = turn.asked;
    turn.asked = undefined;
    if (!asked) return next;
    await recordStep(turn, env, asked.calls, asked.reason);
    return settle;
  };

  return { record, settle };
}

/** The reply's text so far when it is taken up again: the texts the model wrote before each step. */
export function reasonsOf(rows: ToolCallRow[]): string {
  return stepsOf(rows)
    .map((calls) => calls[0]!.reason)
    .filter(Boolean)
    .join(CALL_SEPARATOR);
}

async function recordStep(turn: ReplyTurn, env: RunnerEnv, calls: ModelToolCall[], reason: string) {
  const { ctx } = env;
  const { job } = turn;
  const step = turn.toolSteps + 1;
  const now = new Date();
  const rows: NewToolCall[] = calls.map((call, callIndex) => {
    const base = {
      jobId: job.id,
      conversationId: job.conversationId,
      agentId: job.agentId,
      teamId: turn.teamId,
      requestedByAgentId: job.requestedByAgentId,
      step,
      callIndex,
      callId: call.id,
      toolName: call.name,
      rawArguments: call.arguments,
      reason,
    };
    const tool = turn.tools.find((t) => t.modelName === call.name);
    if (!tool) return { ...base, toolTitle: call.name, status: 'error', result: `Unknown tool: ${call.name}`, isError: true, finishedAt: now };
    const withTool = { ...base, toolTitle: tool.title, serverId: tool.serverId };
    const args = parseArguments(call.arguments);
    if ('error' in args) return { ...withTool, status: 'error', result: args.error, isError: true, finishedAt: now };
    if (tool.policy === 'auto') return { ...withTool, arguments: args.value, status: 'approved' };
    return { ...withTool, arguments: args.value, status: 'pending_approval', approvers: tool.approvers, expiresAt: new Date(now.getTime() + ctx.config.ai.approvalTtlMs) };
  });
  const needCards = rows.some((r) => r.status === 'pending_approval');
  const target = needCards ? await resolveSendTarget(ctx, job.agentId, job.conversationId) : undefined;
  const approvers = new Map<string, Approvers>();
  for (const row of rows)
    if (row.approvers && !approvers.has(row.approvers)) approvers.set(row.approvers, await approversOf(ctx, job.conversationId, row.approvers, job.requestedByAgentId));
  await inTransaction(ctx.db, async (tx) => {
    for (const row of await insertToolCalls(tx, rows)) {
      if (row.status !== 'pending_approval' || !target || !row.approvers) continue;
      const card = await writeMessage(
        ctx,
        tx,
        target,
        { content: approvalCardText(turn.agent, row.toolTitle), clientMessageId: `approval:${row.id}` },
        { messageType: 'approval', meta: { approval: newApprovalCard(row, approvers.get(row.approvers)!) } },
      );
      if (card) await setToolCallMessage(tx, row.id, card.row.id);
    }
  });
}

/** Runs one approved call: 'running' before, its result (capped) after. Another attempt that started it first wins. */
async function runCall(turn: ReplyTurn, env: RunnerEnv, row: ToolCallRow) {
  const { ctx } = env;
  if (!(await startToolCall(ctx.db, row.id))) return;
  await showSteps(turn, env, await findJobToolCalls(ctx.db, turn.job.id));
  const tool = turn.tools.find((t) => t.modelName === row.toolName && t.serverId === row.serverId);
  const result: ToolResult = tool
    ? await env.tools.run(ctx, tool, row.arguments ?? {}, turn.runAs, turn.live.controller.signal).catch((e: unknown) => ({
        text: `The tool failed: ${e instanceof Error ? e.message : String(e)}`,
        isError: true,
      }))
    : { text: GONE, isError: true };
  const max = ctx.config.ai.toolResultMaxChars;
  await endToolCall(ctx.db, row.id, 'running', { status: result.isError ? 'error' : 'done', text: capText(result.text, max), isError: result.isError });
}

/**
 * Parks the reply while a call waits for a person. Under the job's lock (as deciding takes it): a
 * call decided meanwhile is seen here, and the reply goes on instead of waiting for nothing.
 */
async function park(turn: ReplyTurn, env: RunnerEnv): Promise<'waiting' | 'lost' | 'decided'> {
  const { ctx } = env;
  return inTransaction(ctx.db, async (tx) => {
    await lockReplyJob(tx, turn.job.id);
    if ((await countPendingToolCalls(tx, turn.job.id)) === 0) return 'decided' as const;
    return (await parkReplyJob(tx, turn.job, turn.live.text)) ? ('waiting' as const) : ('lost' as const);
  });
}

/** The steps as people see them, sent to the room with the stream (no text added). */
async function showSteps(turn: ReplyTurn, env: RunnerEnv, rows: ToolCallRow[]) {
  turn.steps = presentSteps(env.tools, rows);
  publishStream(env.ctx, turn, '', false);
}

/** The recorded steps as the model saw them: its turn (its text and calls), then one tool turn per call. */
function replaySteps(rows: ToolCallRow[]): ModelMessage[] {
  return stepsOf(rows).flatMap((calls) => [
    {
      role: 'assistant' as const,
      content: calls[0]!.reason,
      toolCalls: calls.map((c) => ({ id: c.callId, name: c.toolName, arguments: c.rawArguments })),
    },
    ...calls.map((c) => ({ role: 'tool' as const, toolCallId: c.callId, content: c.result ?? '' })),
  ]);
}

function stepsOf(rows: ToolCallRow[]): ToolCallRow[][] {
  const byStep = new Map<number, ToolCallRow[]>();
  for (const row of rows) byStep.set(row.step, [...(byStep.get(row.step) ?? []), row]);
  return [...byStep.keys()].sort((a, b) => a - b).map((step) => byStep.get(step)!);
}

/** The model's arguments: a JSON object (empty text counts as none), or what to tell the model. */
function parseArguments(raw: string): { value: Record<string, unknown> } | { error: string } {
  if (!raw.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { value: value as Record<string, unknown> };
    return { error: 'The arguments must be a JSON object (for example {"query": "plan"}). Call the tool again with a JSON object.' };
  } catch {
    return { error: 'The arguments were not valid JSON. Call the tool again with a JSON object as its arguments.' };
  }
}
