import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TReportResolution } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { abuseReports, accounts, agents, messages } from '../db/schema';
import { ADMIN_PAGE_SIZE, offsetOf } from './admin-format';

const reporter = alias(agents, 'reporter');
const subject = alias(agents, 'subject');
const reporterAccount = alias(accounts, 'reporter_account');
const subjectAccount = alias(accounts, 'subject_account');

const reportQuery = (db: DbOrTx) =>
  db
    .select({
      report: abuseReports,
      reporterId: reporter.id,
      reporterUsername: reporter.username,
      reporterName: sql<string>`concat_ws(' ', ${reporter.firstName}, ${reporter.lastName})`,
      reporterDeletedAt: reporter.deletedAt,
      reporterDisabledAt: reporterAccount.disabledAt,
      subjectId: subject.id,
      subjectUsername: subject.username,
      subjectName: sql<string>`concat_ws(' ', ${subject.firstName}, ${subject.lastName})`,
      subjectDeletedAt: subject.deletedAt,
      subjectDisabledAt: subjectAccount.disabledAt,
      messageDeletedAt: messages.deletedAt,
    })
    .from(abuseReports)
    .leftJoin(reporter, eq(reporter.id, abuseReports.reporterAgentId))
    .leftJoin(reporterAccount, eq(reporterAccount.agentId, reporter.id))
    .leftJoin(subject, eq(subject.id, abuseReports.subjectAgentId))
    .leftJoin(subjectAccount, eq(subjectAccount.agentId, subject.id))
    .leftJoin(messages, eq(messages.id, abuseReports.messageId));
export type AdminReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

/** Open reports or resolved ones, the newest first, and how many there are in all. */
export async function listReports(db: DbOrTx, filter: { status: 'open' | 'resolved'; page: number }) {
  const where = filter.status === 'open' ? isNull(abuseReports.resolvedAt) : isNotNull(abuseReports.resolvedAt);
  const rows = await reportQuery(db)
    .where(where)
    .orderBy(desc(abuseReports.createdAt), desc(abuseReports.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(filter.page));
  const [total] = await db.select({ n: count() }).from(abuseReports).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(db: DbOrTx, id: string): Promise<AdminReportRow | undefined> {
  const [row] = await reportQuery(db).where(eq(abuseReports.id, id)).limit(1);
  return row;
}

/** Resolves an open report; false when it was resolved already (by this or another administrator). */
export async function markReportResolved(db: DbOrTx, id: string, resolution: TReportResolution, by: string): Promise<boolean> {
  const rows = await db
    .update(abuseReports)
    .set({ resolvedAt: new Date(), resolution, resolvedBy: by })
    .where(and(eq(abuseReports.id, id), isNull(abuseReports.resolvedAt)))
    .returning({ id: abuseReports.id });
  return rows.length > 0;
}
