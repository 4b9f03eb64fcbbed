import { useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_KINDS, type TAuditEvent, type TAuditEventsResponse } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { SelectField } from '../ui/form-fields';
import { ErrorState, LoadingState } from '../ui/page-states';
import { TextField } from '../ui/text-field';
import { auditKindLabel, auditSentence } from './audit-sentence';
import { dayEnd, dayStart, useAuditTime } from './audit-time';

/** What the view asks for: the filters, and `before` for an older page. */
interface AuditFilters {
  actor?: string;
  kind?: string;
  since?: string;
  until?: string;
}
export type AuditPageQuery = AuditFilters & { before?: string };

/** Every audit query's key starts here, so a change that writes a row (retention) refreshes the logs. */
export const AUDIT_KEY = ['audit'] as const;

const LOAD_ERROR = 'Could not load the audit log';

// The admin area's table look (admin/admin-table.ts), which this folder may not import: admin/ renders this view.
const listWrap = 'rounded-xl border border-zinc-200 dark:border-zinc-800';
const listBody = 'divide-y divide-zinc-200 dark:divide-zinc-800';
const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/**
 * An audit log, newest first, with its filters (actor, kind, from/to) and "Load older". The team's
 * settings and the admin area share it: each hands its own query and any filter of its own.
 */
export function AuditLogView({
  queryKey,
  fetchPage,
  actors,
  extraFilters,
}: {
  queryKey: readonly unknown[];
  fetchPage: (query: AuditPageQuery) => Promise<TAuditEventsResponse>;
  /** The actor filter's choices; none: no actor filter. */
  actors?: Array<{ id: string; name: string }>;
  extraFilters?: ReactNode;
}) {
  const { t } = useT();
  const [actor, setActor] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters: AuditFilters = { actor: actor || undefined, kind: kind || undefined, since: dayStart(from), until: dayEnd(to) };
  const log = useInfiniteQuery({
    queryKey: [...AUDIT_KEY, ...queryKey, filters],
    queryFn: ({ pageParam }) => fetchPage({ ...filters, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <div className="space-y-4">
      <div role="search" aria-label={t('Filter the audit log')} className="grid grid-cols-2 gap-3 lg:grid-cols-4 [&>*:not(:has(input))]:col-span-2 sm:[&>*:not(:has(input))]:col-span-1">
        {extraFilters}
        {actors && (
          <SelectField
            label={t('Who')}
            value={actor}
            onChange={(event) => setActor(event.target.value)}
            options={[{ value: '', label: t('Everyone') }, ...actors.map((a) => ({ value: a.id, label: a.name }))]}
          />
        )}
        <SelectField
          label={t('Kind of change')}
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          options={[{ value: '', label: t('All changes') }, ...AUDIT_KINDS.map((k) => ({ value: k, label: auditKindLabel(k) }))]}
        />
        <TextField label={t('From')} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
        <TextField label={t('To')} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
      </div>
      {log.isPending ? (
        <LoadingState text={t('Loading...')} />
      ) : log.isError && events.length === 0 ? (
        <ErrorState message={t(errorMessage(log.error, LOAD_ERROR))}>
          <Button variant="secondary" onClick={() => log.refetch()}>
            {t('Try again')}
          </Button>
        </ErrorState>
      ) : events.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('No changes match.')}</p>
      ) : (
        <>
          <div className={listWrap}>
            <ul aria-label={t('Audit log')} className={listBody}>
              {events.map((event) => (
                <AuditRow key={event.id} event={event} />
              ))}
            </ul>
          </div>
          {log.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" size="sm" loading={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
                {t('Load older')}
              </Button>
            </div>
          )}
          {log.isFetchNextPageError && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{t(errorMessage(log.error, LOAD_ERROR))}</p>}
        </>
      )}
    </div>
  );
}

function AuditRow({ event }: { event: TAuditEvent }) {
  const { t } = useT();
  const time = useAuditTime();
  return (
    <li data-testid="audit-event" className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
      <time dateTime={event.at} title={time.exact(event.at)} className="shrink-0 text-xs text-zinc-500 sm:w-32 dark:text-zinc-400">
        {time.relative(event.at)}
      </time>
      <p className="min-w-0 flex-1 break-words text-zinc-800 dark:text-zinc-200">
        <span className="font-medium">{event.actor.kind === 'system' && !event.actor.name ? t('System') : event.actor.name}</span>
        {event.actor.kind === 'external_agent' && <span className={`${badge} ms-1.5 bg-violet-50 text-violet-700 dark:bg-violet-950/50 dark:text-violet-300`}>{t('External agent')}</span>}
        {event.actor.kind === 'system' && <span className={`${badge} ms-1.5 bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>{t('System')}</span>}{' '}
        {auditSentence(event)}
      </p>
      {event.ip && <span className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">{event.ip}</span>}
    </li>
  );
}
