import { isUuid, REACH_ERRORS, TEAM_ERRORS, type TAgent, type TReportReason } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { readPresenceFor } from '../agents/agent-presence';
import { reachOf } from '../agents/agent-reach';
import { presentAgentCard } from '../agents/agent-presenters';
import { findAgentById } from '../agents/agents-repo';
import { assertMessageParticipant } from '../chat/chat-access';
import { enqueueMail } from '../mail/outbox-repo';
import { deleteBlock, findBlockedAgents, insertBlock } from './blocks-repo';
import { reportMail } from './report-mail';
import { insertReport } from './reports-repo';

/** What of a reported message the report keeps: it may be edited or deleted later. */
const EXCERPT_MAX_LENGTH = 1000;

/**
 * The person the caller names, as the reach rule lets them see it: out of reach and never met is
 * unknown (404), as on GET /agents/:agent.
 */
async function visibleAgent(ctx: AppContext, callerId: string, agentId: string) {
  const agent = isUuid(agentId) ? await findAgentById(ctx.db, agentId) : undefined;
  if (!agent || !(await reachOf(ctx.db, callerId, agent)).visible) throw notFound(TEAM_ERRORS.agentNotFound);
  return agent;
}

/** GET /users/me/blocks: the people the caller blocked, as cards (presence as the caller may see it). */
export async function listBlocks(ctx: AppContext, callerId: string): Promise<TAgent[]> {
  const blocked = await findBlockedAgents(ctx.db, callerId);
  const presence = await readPresenceFor(ctx, callerId, blocked);
  return blocked.map((agent) => presentAgentCard(agent, presence.get(agent.id) ?? null));
}

/** PUT /users/me/blocks/:agentId: a person the caller can see; never oneself, never an AI agent. */
export async function blockAgent(ctx: AppContext, callerId: string, agentId: string): Promise<void> {
  if (agentId === callerId) throw badRequest(REACH_ERRORS.selfBlock);
  const agent = await visibleAgent(ctx, callerId, agentId);
  if (!agent.isHuman) throw badRequest(REACH_ERRORS.onlyPeople);
  await inTransaction(ctx.db, (tx) => insertBlock(tx, callerId, agent.id));
}

/** DELETE /users/me/blocks/:agentId: always allowed (unblocking someone never blocked is a no-op). */
export async function unblockAgent(ctx: AppContext, callerId: string, agentId: string): Promise<void> {
  await inTransaction(ctx.db, (tx) => deleteBlock(tx, callerId, agentId));
}

export interface ReportInput {
  messageId?: string | undefined;
  agentId?: string | undefined;
  reason: TReportReason;
  details?: string | undefined;
}

/**
 * POST /reports: a message the caller can read (its sender is the subject) or an agent they can
 * see. Stored with the message's text as it is now, and mailed to every address of ADMIN_EMAILS in
 * the same transaction (the outbox sends it).
 */
export async function createReport(ctx: AppContext, callerId: string, input: ReportInput) {
  const { message } = input.messageId ? await assertMessageParticipant(ctx.db, input.messageId, callerId) : { message: undefined };
  const subject = message ? await findAgentById(ctx.db, message.senderAgentId) : await visibleAgent(ctx, callerId, input.agentId ?? '');
  const reporter = await findAgentById(ctx.db, callerId);
  if (!subject || !reporter) throw notFound(TEAM_ERRORS.agentNotFound);
  const excerpt = message ? message.content.slice(0, EXCERPT_MAX_LENGTH) : null;
  const details = input.details ?? '';
  return inTransaction(ctx.db, async (tx) => {
    const report = await insertReport(tx, {
      reporterAgentId: callerId,
      subjectAgentId: subject.id,
      messageId: message?.id ?? null,
      messageExcerpt: excerpt,
      reason: input.reason,
      details,
    });
    const mail = reportMail({ reportId: report.id, reason: input.reason, details, reporter: `@${reporter.username}`, subject: `@${subject.username}`, excerpt });
    for (const address of ctx.config.adminEmails) await enqueueMail(tx, address, mail);
    return { id: report.id, reason: input.reason };
  });
}
