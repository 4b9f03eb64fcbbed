import { findMentions, type TChatMessage } from '@agentroom/shared';
import type { AgentRequest, AppContext, StoredMessage } from '../context';
import type { Tx } from '../db/client';
import type { AgentRow, ConversationRow, MessageRow, ReplyJobRow } from '../db/rows';
import { isThread, rulingConversation, writeMessage, type SendTarget } from './chat-link';
import { findAgentTurnLimit } from './reply-context-repo';
import { enqueueReplyJob, findChainJobs } from './reply-jobs-repo';
import { chainNoticeText, type TChainNoticeCode } from './reply-notices';

/*
 * Who answers a message, and how the AI agents of a room take turns (decision 0012). All of it:
 * 1. Outside rooms, a person's message is answered by the AI agent it is addressed to; an AI agent
 *    never answers another AI agent there.
 * 2. In a room, a person's message is answered by the AI agents it @mentions, in the order they are
 *    first mentioned, then by the room's agent that answers everything (when not mentioned); at most
 *    the room's turn limit of them. The message starts a chain: it is the root, each of them turn 1.
 * 3. A finished room reply that @mentions other AI agents of the room asks them: each answers next
 *    (turn + 1, asked by the reply's writer, for the same person), unless the chain already has the
 *    room's turn limit of turns, or the loop brake holds (another agent already asked it once in this
 *    chain: a pair asking back and forth repeats). A stopped turn is said by a notice for everyone.
 * 4. One at a time per room: a room's job waits until every earlier job of the room's chains has
 *    ended, so each agent sees the answers before it. `claimReplyJobs` (reply-jobs-repo) holds this
 *    when it leases jobs.
 * 5. Threads (decision 0026) are answered as their parent conversation: a message in a thread of a
 *    room by the room's rules 2 and 3 (its answers-all agent, its turn limit), in a thread of a 1:1 by
 *    rule 1. The jobs, replies, chains and notices are the thread's own (its conversation id), and a
 *    thread takes its turns one at a time by itself (rule 4 per thread: its agents read the thread only).
 */

/**
 * Rule 1 and 2: the agents that answer a stored message, in the order they answer. External agents
 * (decision 0025) answer as AI agents do; a message of an external agent's own in a room (not an answer
 * to a request) is answered by the agents it @mentions only, as a turn an agent asked for.
 */
export function whoAnswers({ sender, recipients }: Omit<StoredMessage, 'message'>, content: string, ruling: ConversationRow): AgentRow[] {
  if (!sender.isHuman) return sender.isExternal && ruling.type === 'room' ? roomResponders(ruling, content, recipients, false) : [];
  if (ruling.type === 'room') return roomResponders(ruling, content, recipients);
  return recipients.filter((r) => !r.isHuman);
}

/**
 * Whether a message may be answered, without reading anything (the send path asks before it picks
 * its transaction): exact outside threads; in a thread, whether any AI agent is among its members
 * (whoAnswers with the parent's rules decides in the message's transaction).
 */
export function mayBeAnswered(target: Omit<StoredMessage, 'message'>, content: string): boolean {
  if (!isThread(target.conversation)) return whoAnswers(target, content, target.conversation).length > 0;
  return target.recipients.some((r) => !r.isHuman);
}

function roomResponders(room: ConversationRow, content: string, recipients: AgentRow[], withAnswersAll = true): AgentRow[] {
  const aiMembers = recipients.filter((r) => !r.isHuman);
  const mentioned = content.includes('@') ? findMentions(content, aiMembers) : [];
  const answersAll = withAnswersAll && room.answersAllAgentId ? aiMembers.find((a) => a.id === room.answersAllAgentId) : undefined;
  const responders = answersAll && !mentioned.includes(answersAll) ? [...mentioned, answersAll] : mentioned;
  return responders.slice(0, room.agentTurnLimit);
}

/** The reply job of one agent answering a person's message (rule 2: in a room or a room's thread, turn 1 of the message's chain). */
export function firstTurnJob({ conversation, message, sender }: StoredMessage, agent: AgentRow, ruling: ConversationRow) {
  const isRoom = ruling.type === 'room';
  return {
    conversationId: conversation.id,
    agentId: agent.id,
    triggerMessageId: message.id,
    teamId: conversation.teamId,
    // Several agents may answer one message in a room: one job each.
    dedupeKey: isRoom ? `reply:${message.id}:${agent.id}` : `reply:${message.id}`,
    requestedByAgentId: sender.id,
    ...(isRoom ? { chainRootMessageId: message.id, chainTurn: 1 } : {}),
    // An external agent's message asks as an agent does: the loop brake counts it.
    ...(sender.isExternal ? { askedByAgentId: sender.id } : {}),
  };
}

type TurnJob = Parameters<typeof enqueueReplyJob>[1];

/**
 * Queues one agent's turn. An external agent's is a request (decision 0025): 'delegated', so the
 * runner never claims it, lapsing at `lease_until` unless the agent answers, and the agent is told
 * in the same transaction. Answers the job, or undefined when one with its dedupe key exists.
 */
export async function enqueueTurn(ctx: AppContext, tx: Tx, agent: AgentRow, values: TurnJob, request: Omit<AgentRequest, 'job'>) {
  if (!agent.isExternal) return enqueueReplyJob(tx, values);
  const leaseUntil = new Date(Date.now() + ctx.config.ai.externalAnswerTimeoutMs);
  const job = await enqueueReplyJob(tx, { ...values, status: 'delegated', leaseUntil });
  if (job) await ctx.agentInbox.asked(tx, [{ job, ...request }]);
  return job;
}

/** What a chain's jobs so far say about asking `agentId` once more for the same message from a person. */
type ChainDecision = 'answer' | 'already-queued' | 'limit' | 'loop';

/** Rule 3. An agent already waiting in this chain will see the mention anyway: nothing more. */
function decideChainTurn(chainJobs: { agentId: string; status: string; askedByAgentId: string | null }[], agentId: string, turnLimit: number): ChainDecision {
  const own = chainJobs.filter((j) => j.agentId === agentId);
  if (own.some((j) => j.status === 'queued' || j.status === 'delegated')) return 'already-queued';
  if (chainJobs.length >= turnLimit) return 'limit';
  if (own.some((j) => j.askedByAgentId !== null)) return 'loop';
  return 'answer';
}

/**
 * Rule 3, inside the transaction that stores the room reply `reply` of `job`: so a reply is never
 * stored without the turns it starts, or twice with them. `target` is the reply's send target.
 */
export async function continueChain(ctx: AppContext, tx: Tx, job: ReplyJobRow, target: SendTarget, reply: MessageRow, presented: TChatMessage, mentionIds: string[]) {
  const asked = mentionIds.map((id) => target.recipients.find((r) => r.id === id)).filter((a): a is AgentRow => Boolean(a && !a.isHuman));
  if (asked.length === 0 || !job.chainRootMessageId) return;
  // The room's setting as it is now (the send path's copy of the room may be a few seconds old); a thread's is its room's.
  const ruling = await rulingConversation(tx, target.conversation);
  const limit = (await findAgentTurnLimit(tx, ruling.id)) ?? ruling.agentTurnLimit;
  const chain = await findChainJobs(tx, job.chainRootMessageId);
  for (const agent of asked) {
    const decision = decideChainTurn(chain, agent.id, limit);
    if (decision === 'already-queued') continue;
    if (decision === 'answer') {
      const next = await enqueueTurn(ctx, tx, agent, {
        conversationId: job.conversationId,
        agentId: agent.id,
        triggerMessageId: reply.id,
        teamId: job.teamId,
        dedupeKey: `reply:${reply.id}:${agent.id}`,
        requestedByAgentId: job.requestedByAgentId,
        chainRootMessageId: job.chainRootMessageId,
        chainTurn: job.chainTurn + 1,
        askedByAgentId: job.agentId,
      }, { message: presented, conversation: target.conversation });
      if (next) chain.push({ agentId: agent.id, status: next.status, askedByAgentId: job.agentId });
    } else {
      await writeChainNotice(ctx, tx, target, reply, agent, decision === 'limit' ? 'chain_limit' : 'chain_loop', limit);
    }
  }
}

/** A stopped turn, said for everyone by the agent that does not answer. */
async function writeChainNotice(ctx: AppContext, tx: Tx, target: SendTarget, reply: MessageRow, agent: AgentRow, code: TChainNoticeCode, limit: number) {
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
