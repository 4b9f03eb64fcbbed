import { NO_MODEL_NOTICE_CODE, noModelNotice } from '@agentroom/shared';
import type { AgentRow } from '../db/rows';

/** What the chat shows when an AI agent cannot answer; each code is stable for the client. */
const REPLY_NOTICES = {
  budget_exhausted: "This team has used today's AI token budget. Replies resume tomorrow (UTC).",
  person_budget_exhausted: "You have used your share of this team's AI tokens for today. Replies resume tomorrow (UTC).",
  rate_limited: 'The model provider is rate limiting requests right now. Try again in a moment.',
  timeout: 'The model took too long to answer. Try again.',
  provider_error: 'The model provider returned an error. Try again.',
  unavailable: 'The model provider could not be reached. Try again.',
  interrupted: 'This reply was interrupted (the server restarted) and could not be finished. Try again.',
} as const;
export type TReplyNoticeCode = keyof typeof REPLY_NOTICES | typeof NO_MODEL_NOTICE_CODE;

/** Notices where trying again cannot help today: no budget left (the team's or the person's), no model configured. */
const FINAL_NOTICES: ReadonlySet<TReplyNoticeCode> = new Set(['budget_exhausted', 'person_budget_exhausted', NO_MODEL_NOTICE_CODE]);
export const isRetryableNotice = (code: TReplyNoticeCode) => !FINAL_NOTICES.has(code);

/**
 * The notice's text. No model is said kindly and by name ("Nova isn't connected to a language model
 * yet"): how to configure one is for the team's owners (the client adds it) and the server log.
 */
export function replyNoticeText(code: TReplyNoticeCode, agent: Pick<AgentRow, 'firstName' | 'username'>): string {
  return code === NO_MODEL_NOTICE_CODE ? noModelNotice(agent.firstName || agent.username) : REPLY_NOTICES[code];
}

/** A chain of AI agents asking each other stopped (the turn limit or the loop brake, room-turns); the notice is written as the agent that does not answer. */
export type TChainNoticeCode = 'chain_limit' | 'chain_loop';

export function chainNoticeText(code: TChainNoticeCode, asker: Pick<AgentRow, 'firstName' | 'username'>, asked: Pick<AgentRow, 'firstName' | 'username'>, turnLimit: number): string {
  const askerName = asker.firstName || asker.username;
  const askedName = asked.firstName || asked.username;
  return code === 'chain_limit'
    ? `${askerName} asked ${askedName}, but this room allows at most ${turnLimit} AI agent ${turnLimit === 1 ? 'turn' : 'turns'} after each message from a person. Mention ${askedName} to continue.`
    : `${askerName} asked ${askedName} again, so the agents stopped here to avoid a loop. Mention ${askedName} to continue.`;
}

/** An external agent asked to answer did not start in time (EXTERNAL_AGENT_ANSWER_TIMEOUT_MS), or went silent mid-reply. */
export function noAnswerNoticeText(agent: Pick<AgentRow, 'firstName' | 'username'>): string {
  return `${agent.firstName || agent.username} didn't answer.`;
}
