import { findMentions } from '@agentroom/shared';
import type { AgentRow, ConversationRow } from '../db/rows';

/**
 * Turn-taking of AI agents in a room (issue 13, decision 0012). A message from a person is answered
 * by the AI agents it @mentions, in the order they are first mentioned, then by the room's agent
 * that answers everything (if it was not mentioned); at most the room's turn limit of them. They
 * answer one after another (the reply queue runs a room's jobs in order), each seeing the answers
 * before it.
 */
export function roomResponders(room: ConversationRow, content: string, recipients: AgentRow[]): AgentRow[] {
  const aiMembers = recipients.filter((r) => !r.isHuman);
  const mentioned = content.includes('@') ? findMentions(content, aiMembers) : [];
  const answersAll = room.answersAllAgentId ? aiMembers.find((a) => a.id === room.answersAllAgentId) : undefined;
  const responders = answersAll && !mentioned.includes(answersAll) ? [...mentioned, answersAll] : mentioned;
  return responders.slice(0, room.agentTurnLimit);
}

/** What a chain's jobs so far say about asking `agentId` once more for the same message from a person. */
export type ChainDecision = 'answer' | 'already-queued' | 'limit' | 'loop';

/**
 * An AI reply @mentioned another AI agent of the room. It answers, unless:
 * - it is already waiting to answer this chain (it will see the mention anyway): nothing more;
 * - the chain already has the room's turn limit of agent turns: stopped, with a notice;
 * - another agent already asked it once in this chain (the loop brake: a pair asking back and forth
 *   repeats): stopped, with a notice.
 * An agent never answers its own mention (its own reply's mentions never include it).
 */
export function decideChainTurn(
  chainJobs: { agentId: string; status: string; askedByAgentId: string | null }[],
  agentId: string,
  turnLimit: number,
): ChainDecision {
  const own = chainJobs.filter((j) => j.agentId === agentId);
  if (own.some((j) => j.status === 'queued')) return 'already-queued';
  if (chainJobs.length >= turnLimit) return 'limit';
  if (own.some((j) => j.askedByAgentId !== null)) return 'loop';
  return 'answer';
}
