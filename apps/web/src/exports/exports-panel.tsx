import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { TDataExport } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { formatBytes } from '../chat/message-attachments';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { EXPORT_FALLBACKS, exportApi, exportKeys, type TExportScope } from './export-api';
import { formatDays, formatPercent, formatWhen, keptForDays } from './export-format';
import { ExportProgress } from './export-progress';
import { startDownload } from './start-download';
import { isActive, useExports, withExport } from './use-exports';

const muted = 'text-sm text-zinc-600 dark:text-zinc-400';

function ExportRow({ item, onDownload, onRetry, busy }: { item: TDataExport; onDownload: () => void; onRetry: () => void; busy: boolean }) {
  const { t } = useT();
  const language = useLanguage();
  const started = formatWhen(item.createdAt, language, true);
  return (
    <li className="space-y-2 py-4" data-testid="export-row">
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t('Export of {{date}}', { date: started })}</p>
      {isActive(item) && (
        <ExportProgress
          progress={item.progress}
          label={item.status === 'queued' ? t('Waiting to start…') : t('Preparing… {{percent}}', { percent: formatPercent(item.progress, language) })}
        />
      )}
      {item.status === 'ready' && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button size="sm" onClick={onDownload} disabled={busy} aria-label={t('Download the export of {{date}}', { date: started })}>
            <Download aria-hidden="true" className="size-4" />
            {t('Download')}
          </Button>
          <div className="min-w-0 text-sm">
            <p className="text-emerald-700 dark:text-emerald-400">
              {item.expiresAt ? t('Ready — kept until {{date}}', { date: formatWhen(item.expiresAt, language) }) : t('Ready')}
              {item.size !== null && <span className="text-zinc-600 dark:text-zinc-400"> · {formatBytes(item.size, language)}</span>}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {item.downloadedAt ? t('Last downloaded {{date}}', { date: formatWhen(item.downloadedAt, language, true) }) : t('We sent you a mail when it was ready.')}
            </p>
          </div>
        </div>
      )}
      {item.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-sm text-red-700 dark:text-red-400">
            {t('The export failed')}
            {item.error && `: ${t(item.error)}`}
          </p>
          <Button size="sm" variant="secondary" onClick={onRetry} disabled={busy}>
            {t('Try again')}
          </Button>
        </div>
      )}
      {item.status === 'expired' && <p className={muted}>{t('Expired')}</p>}
    </li>
  );
}

/**
 * Exports of one scope (decision 0028): what the ZIP holds, the button that starts one, and the past
 * exports newest first, each with its progress, its download or what went wrong.
 */
export function ExportsPanel({ scope }: { scope: TExportScope }) {
  const { t } = useT();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const exports = useExports(scope);
  const [problem, setProblem] = useState<string>();
  const queryKey = exportKeys.list(scope);

  const request = useMutation({
    mutationFn: () => exportApi.request(scope),
    onMutate: () => setProblem(undefined),
    onSuccess: (item) => queryClient.setQueryData<TDataExport[]>(queryKey, (list) => withExport(list, item)),
    onError: (error) => setProblem(errorMessage(error, EXPORT_FALLBACKS.request)),
  });
  const download = useMutation({
    mutationFn: (id: string) => exportApi.link(id),
    onMutate: () => setProblem(undefined),
    onSuccess: (url) => {
      startDownload(url);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => setProblem(errorMessage(error, EXPORT_FALLBACKS.download)),
  });

  const list = exports.data ?? [];
  const running = list.some(isActive);
  const days = keptForDays(list);

  return (
    <div className="max-w-2xl space-y-4">
      <p className={muted}>
        {scope.kind === 'account'
          ? t(
              'The ZIP holds your profile, the teams and rooms you belong to, the messages you wrote with the names of their conversations, and the files you shared: JSON files, with your files beside them.',
            )
          : t(
              "The ZIP holds the team, its members, its AI agents without their keys or other secrets, and the rooms you can read with their messages, threads and files: JSON files, with the files beside them. People's one-to-one conversations are not the team's.",
            )}
      </p>
      <p className={muted}>
        {t('It is prepared in the background: you may leave this page, and we send you a mail when it is ready.')}{' '}
        {days === null
          ? t('Each download link works once, and the ZIP is deleted after a few days.')
          : t('Each download link works once, and the ZIP is deleted {{duration}} after it is ready.', { duration: formatDays(days, language) })}
      </p>
      <Button onClick={() => request.mutate()} loading={request.isPending} disabled={running || exports.isPending}>
        {scope.kind === 'account' ? t('Export my data') : t('Export team')}
      </Button>
      {problem && <Alert>{problem}</Alert>}
      {exports.isPending ? (
        <LoadingState text={t('Loading exports...')} />
      ) : exports.isError ? (
        <ErrorState message={errorMessage(exports.error, EXPORT_FALLBACKS.list)}>
          <Button variant="secondary" onClick={() => exports.refetch()}>
            {t('Try again')}
          </Button>
        </ErrorState>
      ) : list.length === 0 ? (
        <p className={muted}>{t('No exports yet.')}</p>
      ) : (
        <ul aria-label={t('Exports')} className="divide-y divide-zinc-200 border-t border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {list.map((item) => (
            <ExportRow
              key={item.id}
              item={item}
              busy={download.isPending || request.isPending}
              onDownload={() => download.mutate(item.id)}
              onRetry={() => request.mutate()}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
