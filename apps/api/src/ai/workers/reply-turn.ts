import type { AppContext } from '../../context';
import type { AgentRow, ReplyJobRow } from '../../db/rows';
import type { Metrics } from '../../observability/metrics';
import type { ModelRegistry } from '../model-registry';
import type { TToolStep } from '@agentroom/shared';
import type { ModelMessage, ModelProvider, ModelToolCall, StreamUsage } from '../provider';
import type { AvailableTool, RunAs, ToolBox } from '../tools/tool-types';
import { recordReplySpend } from '../budgets';

/** What the runner needs around every reply it writes. */
export interface RunnerEnv {
  ctx: AppContext;
  models: ModelRegistry;
  metrics?: Pick<Metrics, 'modelErrors'>;
  /** The agents' tools (the exported `toolBox`; a test may swap it). */
  tools: ToolBox;
  /** True once this node is shutting down: replies under way go back to the queue. */
  stopping(): boolean;
}

/** What this node knows of a reply from the moment it claims the job: what stop and reconnects read. */
export interface LiveReply {
  readonly controller: AbortController;
  readonly attempt: number;
  /** The reply's text so far, across all its model calls (what clients were streamed). */
  text: string;
}

/**
 * One reply being written: the state its steps share. A reply is a chain of steps over this state,
 * each handing on to the next until the reply is written or lost. Today one step, a model call; a
 * step may also add to `context` and hand back to the model (a tool's result, then the model again).
 */
export interface ReplyTurn {
  readonly job: ReplyJobRow;
  readonly agent: AgentRow;
  /** The team whose daily budget the reply spends (null: none). */
  readonly teamId: string | null;
  readonly provider: ModelProvider;
  readonly live: LiveReply;
  /** What the next model call is sent: persona, history, and whatever earlier steps added. */
  context: ModelMessage[];
  /** The persona and history alone (replyContext): the recorded tool steps are replayed onto it. */
  readonly baseContext: ModelMessage[];
  /** Who the tools act for, and the agent's tools that are not off. */
  readonly runAs: RunAs;
  readonly tools: AvailableTool[];
  /** Whether the model is offered the tools (false without tool support, or once the model refused them). */
  offerTools: boolean;
  /** What the last model call asked for: the tool calls and the text written before (the step's reason). */
  asked?: { calls: ModelToolCall[]; reason: string };
  /** The reply's tool steps as people see them (sent with every stream event, stored with the reply). */
  steps: TToolStep[];
  /** How many tool steps the reply has taken; the limit reached (AI_MAX_TOOL_STEPS) makes the last call without tools. */
  toolSteps: number;
  stepLimit?: number;
  /** Tokens the reply's model calls have spent so far. */
  spent: StreamUsage;
  spendRecorded: boolean;
  /** Whether the agent has "seen" the message it answers (once its model first answers). */
  seen: boolean;
}

/** A step of a reply; it answers the step to run next, or how the reply ended: written, or lost to another node. */
export type Step = (turn: ReplyTurn, env: RunnerEnv) => Promise<StepResult>;
export type StepResult = Step | 'written' | 'lost' | 'waiting';

/** Between the texts of two model calls of one reply (the text before a tool step, and what follows). */
export const CALL_SEPARATOR = '\n\n';

/** Rough token count (about 4 characters a token), for a provider that does not report usage. */
export function estimateUsage(context: ModelMessage[], completion: string): StreamUsage {
  return { promptTokens: Math.ceil(JSON.stringify(context).length / 4), completionTokens: Math.ceil(completion.length / 4) };
}

export function addUsage(a: StreamUsage, b: StreamUsage): StreamUsage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}

/**
 * Writes what the reply spent, once. It is written before the job ends, so a job seen finished has
 * counted against its team's budget; a failure to write it is logged, never fails the reply.
 */
export async function recordSpend(env: RunnerEnv, turn: ReplyTurn, replies: 0 | 1 = 1) {
  if (turn.spendRecorded) return;
  turn.spendRecorded = true;
  const { agent, job, teamId, spent } = turn;
  // A reply parked for approval records what it spent so far, but counts as a reply once, when written.
  await recordReplySpend(env.ctx, { agentId: agent.id, teamId, requestedByAgentId: job.requestedByAgentId, ...spent, replies }).catch((e: unknown) =>
    env.ctx.logger.warn({ err: e, jobId: job.id }, 'could not record AI usage'),
  );
}
