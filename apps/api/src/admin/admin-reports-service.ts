import { badRequest, conflict, notFound } from '../core/app-error';
import { ACCOUNT_TEXTS, GOVERNANCE_ERRORS, type TAdminReport, type TAdminReportsQuery, type TAdminReportsResponse, type TReportResolution, type TResolveReportRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../audit/audit-repo';
import { removeMessage } from '../chat/message-service';
import { ADMIN_PAGE_SIZE, isoOrNull } from './admin-format';
import { disableAccountIn } from './admin-people-service';
import { findReport, listReports, markReportResolved, type AdminReportRow } from './admin-reports-repo';

type Party = { id: string | null; username: string | null; name: string; deletedAt: Date | null; disabledAt: Date | null };

function presentParty(party: Party): TAdminReport['reporter'] {
  if (!party.id || party.username === null) return null;
  const name = party.deletedAt ? ACCOUNT_TEXTS.deletedUser : party.name.trim() || party.username;
  return { agentId: party.id, username: party.username, name, disabled: party.disabledAt !== null };
}

const partyOf = (row: AdminReportRow, who: 'reporter' | 'subject'): Party =>
  who === 'reporter'
    ? { id: row.reporterId, username: row.reporterUsername, name: row.reporterName, deletedAt: row.reporterDeletedAt, disabledAt: row.reporterDisabledAt }
    : { id: row.subjectId, username: row.subjectUsername, name: row.subjectName, deletedAt: row.subjectDeletedAt, disabledAt: row.subjectDisabledAt };

function presentReport(row: AdminReportRow): TAdminReport {
  const { report, messageDeletedAt } = row;
  const reported = report.messageId !== null || report.messageExcerpt !== null;
  return {
    id: report.id,
    reason: report.reason as TAdminReport['reason'],
    details: report.details,
    reporter: presentParty(partyOf(row, 'reporter')),
    subject: presentParty(partyOf(row, 'subject')),
    // A message deleted for good (its conversation or team purged) leaves the excerpt and a null id.
    message: reported ? { id: report.messageId, excerpt: report.messageExcerpt ?? '', removed: report.messageId === null || messageDeletedAt !== null } : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: isoOrNull(report.resolvedAt),
    resolution: report.resolution,
  };
}

export async function listAdminReports(ctx: AppContext, query: TAdminReportsQuery): Promise<TAdminReportsResponse> {
  const { rows, total } = await listReports(ctx.db, query);
  return { reports: rows.map(presentReport), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

const RESOLUTIONS: Record<TResolveReportRequest['action'], TReportResolution> = {
  dismiss: 'dismissed',
  remove_message: 'message_removed',
  disable_account: 'account_disabled',
};

/** Marks the report resolved and writes `report.resolved`, in the transaction of what was done; 409 if it was resolved meanwhile. */
async function resolveIn(tx: DbOrTx, actor: string, reportId: string, resolution: TReportResolution) {
  if (!(await markReportResolved(tx, reportId, resolution, actor))) throw conflict(GOVERNANCE_ERRORS.reportResolved);
  await recordAudit(tx, { actor, teamId: null, action: 'report.resolved', target: { kind: 'report', id: reportId }, details: { resolution } });
}

/**
 * Dismisses a report, removes the reported message (as its sender's delete would: every reader's copy
 * turns into "deleted", its files go) or disables the reported person's account; once per report.
 */
export async function resolveReport(ctx: AppContext, actor: string, reportId: string, action: TResolveReportRequest['action']): Promise<TAdminReport> {
  const found = await findReport(ctx.db, reportId);
  if (!found) throw notFound(GOVERNANCE_ERRORS.reportNotFound);
  if (found.report.resolvedAt) throw conflict(GOVERNANCE_ERRORS.reportResolved);
  const resolution = RESOLUTIONS[action];
  if (action === 'remove_message') {
    const messageId = found.report.messageId;
    if (!messageId) throw badRequest(GOVERNANCE_ERRORS.reportNoMessage);
    const removed = await removeMessage(ctx, messageId, async (tx, conversation) => {
      await resolveIn(tx, actor, reportId, resolution);
      await recordAudit(tx, { actor, teamId: conversation.teamId, action: 'message.removed', target: { kind: 'message', id: messageId }, details: { reportId } });
    });
    if (!removed) throw badRequest(GOVERNANCE_ERRORS.reportNoMessage);
  } else {
    await inTransaction(ctx.db, async (tx) => {
      await resolveIn(tx, actor, reportId, resolution);
      if (action === 'disable_account') {
        if (!found.subjectId) throw notFound(GOVERNANCE_ERRORS.personNotFound);
        await disableAccountIn(ctx, tx, actor, found.subjectId);
      }
    });
  }
  const after = await findReport(ctx.db, reportId);
  return presentReport(after!);
}
