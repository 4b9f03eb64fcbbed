import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_REASON_LABELS, type TAdminReport, type TReportResolution, type TResolveReportRequest } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { ADMIN_KEY, adminApi } from './admin-api';
import { useAdminFormat } from './admin-format';
import { AdminPager } from './admin-pager';
import { AdminQueryState } from './admin-query-state';
import { badge } from './admin-table';
import { DisableAccountDialog } from './disable-account-dialog';

type Status = 'open' | 'resolved';
type Party = TAdminReport['reporter'];

function resolutionLabel(resolution: TReportResolution, t: (key: string) => string): string {
  switch (resolution) {
    case 'dismissed':
      return t('Dismissed');
    case 'message_removed':
      return t('Message removed');
    case 'account_disabled':
      return t('Account disabled');
  }
}

function PartyName({ party }: { party: Party }) {
  const { t } = useT();
  if (!party) return <span className="text-zinc-500 dark:text-zinc-400">{t('A deleted account')}</span>;
  return (
    <span>
      <span translate="no">
        <span className="font-medium">{party.name}</span> <span className="text-zinc-500 dark:text-zinc-400"><bdi>@{party.username}</bdi></span>
      </span>
      {party.disabled && <span className={`${badge} ms-1 bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300`}>{t('Disabled')}</span>}
    </span>
  );
}

function ReportCard({ report, busy, onResolve, onDisable }: { report: TAdminReport; busy: boolean; onResolve: (action: TResolveReportRequest['action']) => void; onDisable: () => void }) {
  const { t } = useT();
  const format = useAdminFormat();
  return (
    <Card className="space-y-3 p-4" data-testid="admin-report" role="article" aria-label={t(REPORT_REASON_LABELS[report.reason])}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`${badge} bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300`}>{t(REPORT_REASON_LABELS[report.reason])}</span>
        <time dateTime={report.createdAt} className="text-xs text-zinc-500 dark:text-zinc-400">
          {format.date(report.createdAt)}
        </time>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('Reported by')}</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">
          <PartyName party={report.reporter} />
        </dd>
        <dt className="text-zinc-500 dark:text-zinc-400">{t('About')}</dt>
        <dd className="text-zinc-800 dark:text-zinc-200">
          <PartyName party={report.subject} />
        </dd>
      </dl>
      {report.details && <p className="text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{report.details}</p>}
      {report.message && (
        <blockquote className="border-s-4 border-zinc-300 bg-zinc-50 px-3 py-2 text-sm whitespace-pre-wrap text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800/40 dark:text-zinc-300">
          {report.message.excerpt}
          {report.message.removed && <span className="ms-1 text-xs text-zinc-500 italic dark:text-zinc-400">{t('(removed)')}</span>}
        </blockquote>
      )}
      {report.resolution ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('Resolved: {{resolution}}', { resolution: resolutionLabel(report.resolution, t) })}
          {report.resolvedAt && <> · {format.date(report.resolvedAt)}</>}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onResolve('dismiss')}>
            {t('Dismiss')}
          </Button>
          {report.message?.id && !report.message.removed && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onResolve('remove_message')}>
              {t('Remove message')}
            </Button>
          )}
          {report.subject && !report.subject.disabled && (
            <Button variant="danger" size="sm" disabled={busy} onClick={onDisable}>
              {t('Disable account')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/** Reports people filed against messages or people: open ones to act on, resolved ones with what was done. */
export function AdminReportsSection() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const query = { status, page };
  const reports = useQuery({ queryKey: [...ADMIN_KEY, 'reports', query], queryFn: () => adminApi.listReports(query), placeholderData: keepPreviousData });
  const [toDisable, setToDisable] = useState<TAdminReport | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const resolve = useMutation({
    mutationFn: ({ report, action }: { report: TAdminReport; action: TResolveReportRequest['action'] }) => adminApi.resolveReport(report.id, action),
    onSuccess: async (report) => {
      setToDisable(null);
      setNotice({ tone: 'success', text: t('Report resolved: {{resolution}}', { resolution: report.resolution ? resolutionLabel(report.resolution, t) : '' }) });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: (error) => {
      if (!toDisable) setNotice({ tone: 'error', text: errorMessage(error, t('Could not resolve the report')) });
    },
  });
  const tabs: Array<{ value: Status; label: string }> = [
    { value: 'open', label: t('Open') },
    { value: 'resolved', label: t('Resolved') },
  ];

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label={t('Reports')} className="inline-flex rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-800">
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={status === tab.value}
            onClick={() => {
              setStatus(tab.value);
              setPage(1);
              setNotice(undefined);
            }}
            className={cn(
              'rounded-md px-3 py-1 text-sm',
              status === tab.value ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300' : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <AdminQueryState query={reports} failed={t('Could not load reports')}>
        {(data) =>
          data.reports.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{status === 'open' ? t('No open reports.') : t('No resolved reports yet.')}</p>
          ) : (
            <>
              <div className="space-y-3">
                {data.reports.map((report) => (
                  <ReportCard
                    key={report.id}
                    report={report}
                    busy={resolve.isPending}
                    onResolve={(action) => {
                      setNotice(undefined);
                      resolve.mutate({ report, action });
                    }}
                    onDisable={() => {
                      resolve.reset();
                      setToDisable(report);
                    }}
                  />
                ))}
              </div>
              <AdminPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </AdminQueryState>
      <DisableAccountDialog
        person={toDisable?.subject ?? null}
        withReason={false}
        busy={resolve.isPending}
        error={toDisable && resolve.isError ? errorMessage(resolve.error, t('Could not resolve the report')) : undefined}
        onClose={() => setToDisable(null)}
        onConfirm={() => toDisable && resolve.mutate({ report: toDisable, action: 'disable_account' })}
      />
    </div>
  );
}
