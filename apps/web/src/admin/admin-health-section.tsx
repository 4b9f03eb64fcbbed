import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { TAdminHealthResponse } from '@agentroom/shared';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { ADMIN_KEY, adminApi } from './admin-api';
import { useAdminFormat } from './admin-format';
import { AdminQueryState } from './admin-query-state';

/** A queue whose oldest item waited longer than this is stuck, or its worker is. */
const STALE_MS = 10 * 60 * 1000;

const isStale = (oldest: string | null, checkedAt: string) => oldest !== null && new Date(checkedAt).getTime() - new Date(oldest).getTime() > STALE_MS;

function replyStatusLabel(status: string, t: (key: string) => string): string {
  switch (status) {
    case 'queued':
      return t('Queued');
    case 'running':
      return t('Running');
    case 'waiting':
      return t('Waiting');
    case 'delegated':
      return t('Delegated');
    case 'done':
      return t('Done');
    case 'failed':
      return t('Failed');
    case 'cancelled':
      return t('Cancelled');
    default:
      return status;
  }
}

function Figure({ label, value, problem }: { label: string; value: ReactNode; problem?: boolean }) {
  return (
    <div data-problem={problem ? 'true' : undefined}>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', problem ? 'text-red-600 dark:text-red-400' : 'text-zinc-900 dark:text-zinc-100')}>{value}</dd>
    </div>
  );
}

function HealthCard({ title, problems, children }: { title: string; problems: string[]; children: ReactNode }) {
  const { t } = useT();
  return (
    <Card className={cn('space-y-3 p-4', problems.length > 0 && 'border-red-300 dark:border-red-900')} role="region" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
        {problems.length > 0 ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700 dark:text-red-300">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            {t('Needs attention')}
          </span>
        ) : (
          <span className="text-xs font-medium text-emerald-700 dark:text-emerald-300">{t('Healthy')}</span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">{children}</dl>
      {problems.length > 0 && (
        <ul className="space-y-1 text-sm text-red-700 dark:text-red-300">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function HealthCards({ health }: { health: TAdminHealthResponse }) {
  const { t } = useT();
  const format = useAdminFormat();
  const { mail, replies, exports } = health;
  const mailStale = isStale(mail.oldestPendingAt, health.checkedAt);
  const repliesStale = isStale(replies.oldestQueuedAt, health.checkedAt);
  const mailProblems = [
    ...(mail.failed > 0 ? [t('Some mail could not be sent.')] : []),
    ...(mailStale ? [t('Mail has waited more than 10 minutes.')] : []),
  ];
  const replyProblems = [
    ...(replies.failedLastDay > 0 ? [t('Some replies failed in the last day.')] : []),
    ...(repliesStale ? [t('Replies have waited more than 10 minutes.')] : []),
  ];
  const exportProblems = exports.failedLastDay > 0 ? [t('Some exports failed in the last day.')] : [];
  const time = (iso: string | null) => (iso ? format.date(iso) : '—');

  return (
    <div className="grid gap-4 @3xl:grid-cols-2">
      <HealthCard title={t('Mail outbox')} problems={mailProblems}>
        <Figure label={t('Pending')} value={format.number(mail.pending)} />
        <Figure label={t('Failed')} value={format.number(mail.failed)} problem={mail.failed > 0} />
        <Figure label={t('Sent in the last day')} value={format.number(mail.sentLastDay)} />
        <Figure label={t('Oldest pending')} value={<span className="text-sm">{time(mail.oldestPendingAt)}</span>} problem={mailStale} />
        {mail.lastError && (
          <div className="col-span-full">
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('Last error')}</dt>
            <dd className="mt-1 rounded-md bg-zinc-50 px-2 py-1 font-mono text-xs break-words text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">{mail.lastError}</dd>
          </div>
        )}
      </HealthCard>
      <HealthCard title={t('Reply jobs')} problems={replyProblems}>
        {Object.entries(replies.byStatus).map(([status, count]) => (
          <Figure key={status} label={replyStatusLabel(status, t)} value={format.number(count)} problem={status === 'failed' && replies.failedLastDay > 0} />
        ))}
        <Figure label={t('Failed in the last day')} value={format.number(replies.failedLastDay)} problem={replies.failedLastDay > 0} />
        <Figure label={t('Oldest queued')} value={<span className="text-sm">{time(replies.oldestQueuedAt)}</span>} problem={repliesStale} />
      </HealthCard>
      <HealthCard title={t('Exports')} problems={exportProblems}>
        <Figure label={t('Queued')} value={format.number(exports.queued)} />
        <Figure label={t('Running')} value={format.number(exports.running)} />
        <Figure label={t('Failed in the last day')} value={format.number(exports.failedLastDay)} problem={exports.failedLastDay > 0} />
      </HealthCard>
    </div>
  );
}

/** Health: the mail outbox, reply jobs and exports, with what needs attention in red. */
export function AdminHealthSection() {
  const { t } = useT();
  const format = useAdminFormat();
  const health = useQuery({ queryKey: [...ADMIN_KEY, 'health'], queryFn: adminApi.getHealth });
  return (
    // The cards sit side by side when the pane (not the window) is wide enough.
    <div className="@container space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{health.data && t('Checked {{time}}', { time: format.date(health.data.checkedAt) })}</p>
        <Button variant="secondary" size="sm" onClick={() => health.refetch()} loading={health.isFetching}>
          <RefreshCw aria-hidden="true" className="size-3.5" />
          {t('Refresh')}
        </Button>
      </div>
      <AdminQueryState query={health} failed={t('Could not check health')}>
        {(data) => <HealthCards health={data} />}
      </AdminQueryState>
    </div>
  );
}
