import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import { aiReplyClientMessageId } from '@agentroom/shared';
import type { AppContext } from '../context';
import { startPollLoop } from '../core/poll-loop';
import { inTransaction } from '../core/transaction';
import { agents, conversations, messages, teamMembers, teams, type TMessageMeta } from '../db/schema';
import { findParticipants } from '../chat/chat-repo';
import { presentReactionAgent, presentSeenAgent } from '../chat/chat-presenters';
import { markMessageSeen } from '../chat/read-service';
import { resolveSendTarget, writeMessage, type SendTarget } from '../chat/message-service';
import type { Metrics } from '../observability/metrics';
import type { ModelRegistry } from './model-registry';
import { buildContext, type RoomSetting } from './prompt';
import { ProviderError, type StreamUsage } from './provider';
import { chainNoticeText, replyNoticeText, type TChainNoticeCode, type TReplyNoticeCode } from './reply-notices';
import {
  checkpointReplyJob,
  claimReplyJobs,
  enqueueReplyJob,
  findChainJobs,
  finishReplyJob,
  isCancelRequested,
  requeueReplyJob,
} from './reply-jobs-repo';
import { decideChainTurn } from './room-turns';
import type { Tx } from '../db/client';
import type { AgentRow, MessageRow, ReplyJobRow } from '../db/rows';
import { recordUsage, teamTokensToday } from './usage';

const POLL_MS = 2_000;
const CHECKPOINT_MS = 250;
const HISTORY_MESSAGES = 40;

export interface ReplyWorker {
  kick(): void;
  /** Runs a claim pass now and resolves when it is over (jobs it started may still be running). */
  claimNow(): Promise<void>;
  /** Stops a reply this node is writing at once (other nodes notice the flag at their next checkpoint). */
  abortLocal(jobId: string): boolean;
  /** The text so far of a reply this node is writing. */
  liveText(jobId: string): { text: string; attempt: number } | undefined;
  drain(): Promise<void>;
  stop(): Promise<void>;
}


/**
 * Claims reply jobs and writes them: typing on, the agent "sees" the message, the model streams into
 * the room as `message:stream`, the final text is stored as a message in the same transaction that
 * marks the job done, typing off. Every failure ends in a visible notice, never in silence.
 */
export function startReplyWorker(ctx: AppContext, models: ModelRegistry, options: { concurrency?: number; metrics?: Pick<Metrics, 'modelErrors'> } = {}): ReplyWorker {
  const concurrency = options.concurrency ?? 4;
  const running = new Map<string, { controller: AbortController; text: string; attempt: number; done: Promise<void> }>();
  let stopped = false;

  const typing = async (job: ReplyJobRow, agent: AgentRow, isTyping: boolean) => {
    const participants = await findParticipants(ctx.db, [job.conversationId]);
    const self = participants.find((p) => p.agent.id === agent.id);
    if (!self) return;
    ctx.events.publish('reply.typing', {
      conversationId: job.conversationId,
      participantId: self.participant.id,
      agentId: agent.id,
      agent: presentSeenAgent(agent),
      isTyping,
    });
  };

  const emitStream = (job: ReplyJobRow, delta: string, offset: number, done: boolean) =>
    ctx.events.publish('reply.stream', {
      conversationId: job.conversationId,
      streamId: job.id,
      agentId: job.agentId,
      delta,
      offset,
      attempt: job.attempts,
      done,
    });

  /** Stores the reply (or notice) and ends the job in one transaction; nothing if another node owns it now. */
  async function complete(job: ReplyJobRow, content: string, outcome: 'done' | 'failed' | 'cancelled', meta: TMessageMeta, error?: string) {
    const target = await resolveSendTarget(ctx, job.agentId, job.conversationId);
    const askedBy = job.askedByAgentId ? target.recipients.find((r) => r.id === job.askedByAgentId) : undefined;
    const options = {
      meta: { ...meta, replyToMessageId: job.triggerMessageId },
      messageType: meta?.notice ? 'notice' : 'text',
      ...(askedBy ? { askedBy: presentReactionAgent(askedBy) } : {}),
    };
    return inTransaction(ctx.db, async (tx) => {
      const stored = await writeMessage(ctx, tx, target, { content, clientMessageId: aiReplyClientMessageId(job.id) }, options);
      if (!stored) return undefined; // already written by an earlier attempt
      const finished = await finishReplyJob(tx, job, { status: outcome, replyMessageId: stored.row.id, errorKind: meta?.notice?.code, error, partialContent: content });
      if (!finished) throw new LostJob();
      // A finished room reply that @mentions other AI agents of the room asks them: the chain goes on
      // in this transaction, so a reply is never stored without the turns it starts (or twice with them).
      if (outcome === 'done' && job.chainRootMessageId && !(await isCancelRequested(tx, job.id)))
        await continueChain(tx, job, target, stored.row, stored.message.mentions ?? []);
      return stored;
    }).catch((e: unknown) => {
      if (e instanceof LostJob) return undefined;
      throw e;
    });
  }

  /**
   * The AI agents a room reply @mentions, in order: each answers next (turn + 1, asked by this
   * reply's agent, for the same person), unless the turn limit or the loop brake stops the chain,
   * which a notice from the agent not answering says for everyone (decision 0012).
   */
  async function continueChain(tx: Tx, job: ReplyJobRow, target: SendTarget, reply: MessageRow, mentionIds: string[]) {
    const asked = mentionIds.map((id) => target.recipients.find((r) => r.id === id)).filter((a): a is AgentRow => Boolean(a && !a.isHuman));
    if (asked.length === 0) return;
    // The room's setting as it is now (the send path's copy of the room may be a few seconds old).
    const [room] = await tx.select({ agentTurnLimit: conversations.agentTurnLimit }).from(conversations).where(eq(conversations.id, job.conversationId));
    const limit = room?.agentTurnLimit ?? target.conversation.agentTurnLimit;
    const chain = await findChainJobs(tx, job.chainRootMessageId!);
    for (const agent of asked) {
      const decision = decideChainTurn(chain, agent.id, limit);
      if (decision === 'already-queued') continue;
      if (decision === 'answer') {
        const next = await enqueueReplyJob(tx, {
          conversationId: job.conversationId,
          agentId: agent.id,
          triggerMessageId: reply.id,
          teamId: job.teamId,
          dedupeKey: `reply:${reply.id}:${agent.id}`,
          requestedByAgentId: job.requestedByAgentId,
          chainRootMessageId: job.chainRootMessageId,
          chainTurn: job.chainTurn + 1,
          askedByAgentId: job.agentId,
        });
        if (next) chain.push({ agentId: agent.id, status: 'queued', askedByAgentId: job.agentId });
        continue;
      }
      const code: TChainNoticeCode = decision === 'limit' ? 'chain_limit' : 'chain_loop';
      const asker = target.sender;
      const noticeTarget: SendTarget = { conversation: target.conversation, sender: agent, recipients: [asker, ...target.recipients.filter((r) => r.id !== agent.id)] };
      await writeMessage(
        ctx,
        tx,
        noticeTarget,
        { content: chainNoticeText(code, asker, agent, limit), clientMessageId: `chain-notice:${reply.id}:${agent.id}` },
        { messageType: 'notice', meta: { notice: { code, retryable: false }, replyToMessageId: reply.id } },
      );
    }
  }

  const notice = (job: ReplyJobRow, agent: AgentRow, code: TReplyNoticeCode, error?: string) =>
    complete(job, replyNoticeText(code, agent), 'failed', { notice: { code, retryable: code !== 'budget_exhausted' && code !== 'no_model', jobId: job.id } }, error);

  async function teamOf(job: ReplyJobRow): Promise<string | null> {
    if (job.teamId) return job.teamId;
    const [conversation] = await ctx.db.select({ teamId: conversations.teamId }).from(conversations).where(eq(conversations.id, job.conversationId));
    if (conversation?.teamId) return conversation.teamId;
    const [membership] = await ctx.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.agentId, job.agentId), isNull(teamMembers.leftAt)))
      .orderBy(teamMembers.joinedAt)
      .limit(1);
    return membership?.teamId ?? null;
  }

  /**
   * The conversation's recent turns, oldest first. In a room every other speaker's turn carries
   * their name and whether they are a person or an AI agent, and the history runs up to now: agents
   * answer one after another, each seeing the answers before it.
   */
  async function history(job: ReplyJobRow, agent: AgentRow, isRoom: boolean) {
    // A room's turn reads up to now (the turns before it); anything else up to the message it answers.
    const upToNow = isRoom && job.chainRootMessageId !== null;
    const [trigger] = upToNow ? [] : await ctx.db.select({ seq: messages.seq }).from(messages).where(eq(messages.id, job.triggerMessageId));
    const rows = await ctx.db
      .select({ sender: messages.senderAgentId, content: messages.content, type: messages.messageType, firstName: agents.firstName, lastName: agents.lastName, username: agents.username, isHuman: agents.isHuman })
      .from(messages)
      .innerJoin(agents, eq(agents.id, messages.senderAgentId))
      // A deleted message is out of the context (its text is gone anyway).
      .where(and(eq(messages.conversationId, job.conversationId), lte(messages.seq, trigger?.seq ?? Number.MAX_SAFE_INTEGER), isNull(messages.deletedAt)))
      .orderBy(desc(messages.seq))
      .limit(HISTORY_MESSAGES);
    return rows
      .reverse()
      .filter((r) => r.type !== 'notice' && r.content)
      .map((r) => ({
        fromAgent: r.sender === agent.id,
        senderName: isRoom && r.sender !== agent.id ? speakerName(r) : '',
        content: r.content,
      }));
  }

  /** Rooms: where the agent is and with whom, for its persona prompt. */
  async function roomSetting(job: ReplyJobRow): Promise<RoomSetting | undefined> {
    const [room] = await ctx.db
      .select({ type: conversations.type, name: conversations.name, topic: conversations.topic, teamName: teams.name })
      .from(conversations)
      .leftJoin(teams, eq(teams.id, conversations.teamId))
      .where(eq(conversations.id, job.conversationId));
    if (room?.type !== 'room') return undefined;
    const members = await findParticipants(ctx.db, [job.conversationId]);
    return {
      name: room.name ?? '',
      topic: room.topic,
      teamName: room.teamName ?? '',
      members: members.filter((m) => m.agent.id !== job.agentId).map((m) => ({ name: speakerName(m.agent), username: m.agent.username })),
    };
  }

  async function run(job: ReplyJobRow) {
    const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, job.agentId));
    if (!agent) return void (await finishReplyJob(ctx.db, job, { status: 'failed', error: 'agent gone' }));
    if (job.cancelRequested) return void (await finishReplyJob(ctx.db, job, { status: 'cancelled' }));
    if (job.attempts > ctx.config.ai.maxAttempts) return void (await notice(job, agent, 'interrupted'));

    const provider = await models.provider();
    if (!provider) {
      // How to fix it goes to the log (and to the team's owners in the chat), not to every user.
      ctx.logger.warn(
        { agentId: agent.id, jobId: job.id },
        'AI agent has no language model: set LLM_BASE_URL to an OpenAI-compatible server, or run Ollama locally',
      );
      return void (await notice(job, agent, 'no_model'));
    }
    const teamId = await teamOf(job);
    if (teamId && (await teamTokensToday(ctx.db, teamId)) >= ctx.config.ai.teamDailyTokenBudget)
      return void (await notice(job, agent, 'budget_exhausted'));

    const state = running.get(job.id)!;
    await typing(job, agent, true);
    // The agent has "seen" the message once its model answers: never while the model is down.
    let seen = false;
    const markSeen = async () => {
      if (seen) return;
      seen = true;
      await markMessageSeen(ctx, agent.id, job.triggerMessageId).catch(() => undefined);
    };
    const room = await roomSetting(job);
    const context = buildContext(agent, await history(job, agent, Boolean(room)), ctx.config.ai.contextTokens, room);
    let usage: StreamUsage | undefined;
    // Usage is written before the job ends, so a job seen finished has counted against the team's budget.
    let spendRecorded = false;
    const recordSpend = async () => {
      if (spendRecorded) return;
      spendRecorded = true;
      const tokens = usage ?? { promptTokens: Math.ceil(JSON.stringify(context).length / 4), completionTokens: Math.ceil(state.text.length / 4) };
      await recordUsage(ctx.db, { agentId: agent.id, teamId, requestedByAgentId: job.requestedByAgentId, ...tokens }).catch((e: unknown) =>
        ctx.logger.warn({ err: e, jobId: job.id }, 'could not record AI usage'),
      );
    };
    let lastCheckpoint = Date.now();
    try {
      for await (const event of provider.stream(context, { model: agent.model ?? undefined, signal: state.controller.signal })) {
        await markSeen();
        if (event.type === 'usage') {
          usage = event.usage;
          continue;
        }
        emitStream(job, event.text, state.text.length, false);
        state.text += event.text;
        if (Date.now() - lastCheckpoint >= CHECKPOINT_MS) {
          lastCheckpoint = Date.now();
          const check = await checkpointReplyJob(ctx.db, job, state.text, ctx.config.ai.leaseMs);
          if (!check) return void state.controller.abort(); // another node took over: write nothing
          if (check.cancelRequested) state.controller.abort();
        }
      }
      await markSeen();
      await recordSpend();
      await complete(job, state.text.trim() || '…', 'done', {});
    } catch (error) {
      await recordSpend();
      const kind = error instanceof ProviderError ? error.kind : 'provider_error';
      if (stopped) {
        // This node is shutting down: hand the job back so the next node (or this one restarted) writes it.
        await requeueReplyJob(ctx.db, job, 0, 'interrupted', 'server stopped');
      } else if (kind === 'cancelled') {
        if (state.text.trim()) await complete(job, state.text, 'cancelled', { stopped: true });
        else await finishReplyJob(ctx.db, job, { status: 'cancelled' });
      } else {
        ctx.logger.warn({ err: error, jobId: job.id }, 'AI reply failed');
        options.metrics?.modelErrors.inc({ kind });
        await notice(job, agent, kind, error instanceof Error ? error.message : String(error));
      }
    } finally {
      emitStream(job, '', state.text.length, true);
      await typing(job, agent, false).catch(() => undefined);
      await recordSpend(); // a checkpoint that lost the job returns early: what was spent still counts
    }
  }

  function start(job: ReplyJobRow) {
    const state = { controller: new AbortController(), text: '', attempt: job.attempts, done: Promise.resolve() };
    running.set(job.id, state);
    state.done = run(job)
      .catch((error: unknown) => ctx.logger.error({ err: error, jobId: job.id }, 'reply job crashed'))
      .finally(() => {
        running.delete(job.id);
        kick();
      });
  }

  // One pass claims what free slots allow; a full claim may have left more due.
  const loop = startPollLoop({
    pollMs: POLL_MS,
    pass: async () => {
      const free = concurrency - running.size;
      if (free <= 0) return false;
      const jobs = await claimReplyJobs(ctx.db, free, ctx.config.ai.maxConcurrentPerAgent, ctx.config.ai.leaseMs);
      jobs.forEach(start);
      return jobs.length === free;
    },
    onError: (error) => ctx.logger.error({ err: error }, 'reply worker claim failed'),
  });
  const kick = loop.kick;

  return {
    kick,
    async claimNow() {
      kick();
      await loop.idle();
    },
    abortLocal(jobId) {
      const state = running.get(jobId);
      state?.controller.abort();
      return Boolean(state);
    },
    liveText(jobId) {
      const state = running.get(jobId);
      return state && { text: state.text, attempt: state.attempt };
    },
    async drain() {
      do {
        await loop.idle();
        await Promise.all([...running.values()].map((s) => s.done));
      } while (running.size);
    },
    async stop() {
      stopped = true;
      await loop.stop();
      for (const state of running.values()) state.controller.abort();
      await Promise.all([...running.values()].map((s) => s.done));
    },
  };
}

class LostJob extends Error {}

/** "Maya Lee (person)" / "Sage (AI agent)": how a room's context names a speaker. */
function speakerName(agent: { firstName: string; lastName: string; username: string; isHuman: boolean }): string {
  const name = [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
  return `${name} (${agent.isHuman ? 'person' : 'AI agent'})`;
}
