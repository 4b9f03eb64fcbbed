import type { TReactionAgent, TToolApproval } from '@agentroom/shared';
import type { AgentRow, MessageRow, ToolCallRow } from '../../db/rows';
import type { Tx } from '../../db/client';
import { rewriteMessage } from '../chat-link';
import type { Approvers } from './approvers';

/*
 * The approval card: a message of type 'approval' written as the agent when it asks to use a tool
 * that needs a person's approval. Its `meta.approval` is what clients draw (buttons for the people
 * in `approverIds`); it is rewritten once decided, so everyone sees who decided.
 */

const agentName = (agent: Pick<AgentRow, 'firstName' | 'username'>) => agent.firstName || agent.username;

/** The arguments as people read them: pretty JSON, or the model's text when it was not JSON. */
export const prettyArguments = (call: Pick<ToolCallRow, 'arguments' | 'rawArguments'>) =>
  call.arguments ? JSON.stringify(call.arguments, null, 2) : call.rawArguments;

export const approvalCardText = (agent: Pick<AgentRow, 'firstName' | 'username'>, title: string) => `${agentName(agent)} asks to use ${title}`;

export function newApprovalCard(call: ToolCallRow, approvers: Approvers): TToolApproval {
  return {
    toolCallId: call.id,
    agentId: call.agentId,
    tool: call.toolTitle,
    arguments: prettyArguments(call),
    reason: call.reason,
    approvers: call.approvers ?? 'requester_and_managers',
    approverIds: approvers.ids,
    approversLabel: approvers.label,
    status: 'pending',
    expiresAt: (call.expiresAt ?? new Date()).toISOString(),
    decidedBy: null,
    decidedAt: null,
  };
}

/** What the model is told when a call it asked for will not run. */
export const deniedResult = (by: Pick<AgentRow, 'firstName' | 'lastName' | 'username'>) =>
  `${[by.firstName, by.lastName].filter(Boolean).join(' ') || by.username} denied this tool call. Answer without it.`;
export const EXPIRED_RESULT = 'Nobody approved this tool call in time. Answer without it.';
export const STOPPED_RESULT = 'The reply was stopped before anyone approved this tool call.';

const decidedText = (card: TToolApproval, agent: string, decidedBy: TReactionAgent | null) => {
  const who = decidedBy ? [decidedBy.firstName, decidedBy.lastName].filter(Boolean).join(' ') : '';
  if (card.status === 'approved') return `${agent} asked to use ${card.tool}: approved by ${who}.`;
  if (card.status === 'denied') return `${agent} asked to use ${card.tool}: denied by ${who}.`;
  return `${agent} asked to use ${card.tool}: nobody approved it in time.`;
};

/** Rewrites a call's card as decided (in the caller's transaction); publish the row after the commit. */
export async function rewriteApprovalCard(
  tx: Tx,
  call: ToolCallRow,
  status: 'approved' | 'denied' | 'expired',
  decidedBy: TReactionAgent | null,
  agent: Pick<AgentRow, 'firstName' | 'username'>,
): Promise<MessageRow | undefined> {
  if (!call.messageId) return undefined;
  return rewriteMessage(tx, call.messageId, (current) => {
    const before = current.meta.approval;
    if (!before) return undefined;
    const approval: TToolApproval = { ...before, status, decidedBy, decidedAt: (call.decidedAt ?? new Date()).toISOString() };
    return { content: decidedText(approval, agentName(agent), decidedBy), messageType: 'approval', meta: { ...current.meta, approval }, clientMessageId: current.clientMessageId };
  });
}
