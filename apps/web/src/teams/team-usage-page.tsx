import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BarChart3 } from 'lucide-react';
import type { TUsageRow } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useLanguage, useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { BudgetMeter } from '../tools-settings/budget-meter';
import { ToolUsageTable } from '../tools-settings/tool-usage-table';
import { useTeamContext } from './team-layout';
import { teamSettingsPath } from './team-settings-sections';
import { useTeamUsage } from './team-queries';

const PERIODS = [7, 30, 90] as const;
const USAGE_ERROR = 'Could not load the AI usage. Try again.';
const numberFormat = (language: string) => new Intl.NumberFormat(language);

/**
 * A day of the usage ('2026-11-23', UTC) as shown: English keeps the ISO day the page has always shown,
 * other languages get their own date form (still the UTC day).
 */
function formatDay(day: string, language: string): string {
  if (language === 'en') return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const subjectName = (row: TUsageRow, unknown: string) =>
  row.subject ? [row.subject.firstName, row.subject.lastName].filter(Boolean).join(' ') || `@${row.subject.username}` : unknown;

/** One table of usage rows: day, who, replies, tokens (a plain, labelled table for screen readers too). */
function UsageTable({ caption, who, rows, unknown }: { caption: string; who: string; rows: TUsageRow[]; unknown: string }) {
  const { t } = useT();
  const language = useLanguage();
  const number = numberFormat(language);
  const cell = 'px-3 py-2 text-start';
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-start font-semibold text-zinc-900 dark:text-zinc-100">{caption}</caption>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>{t('Day (UTC)')}</th>
            <th scope="col" className={cell}>{who}</th>
            <th scope="col" className={`${cell} text-end`}>{t('Replies')}</th>
            <th scope="col" className={`${cell} text-end`}>{t('Tokens')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className={`${cell} text-zinc-500 dark:text-zinc-400`}>{t('No AI replies in this period.')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.day}:${row.subject?.id ?? 'none'}`} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDay(row.day, language)}</td>
                <th scope="row" className={`${cell} font-medium text-zinc-900 dark:text-zinc-100`}>{subjectName(row, unknown)}</th>
                <td className={`${cell} text-end tabular-nums`}>{number.format(row.replies)}</td>
                <td className={`${cell} text-end tabular-nums`}>{number.format(row.totalTokens)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** /t/:handle/usage: today's tokens against the budget, then tokens per day by AI agent and by the person who asked, and tool calls by tool (owners). */
export default function TeamUsagePage() {
  const { t } = useT();
  const language = useLanguage();
  const number = numberFormat(language);
  const { team } = useTeamContext();
  const isOwner = team.myRole === 'owner';
  const [days, setDays] = useState<(typeof PERIODS)[number]>(7);
  const usage = useTeamUsage(team.handle, days, isOwner);
  usePageTitle(t('AI usage · {{team}}', { team: team.name }));

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-8">
      <div className="space-y-2">
        <Link to={`/t/${team.handle}`} className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:underline dark:text-zinc-400">
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> {team.name}
        </Link>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          <BarChart3 aria-hidden="true" className="size-6" /> {t('AI usage')}
        </h1>
      </div>
      {!isOwner ? (
        <Alert tone="info">{t("Only the team's owners see its AI usage.")}</Alert>
      ) : (
        <>
          <div role="group" aria-label={t('Period')} className="flex flex-wrap gap-2">
            {PERIODS.map((period) => (
              <Button key={period} variant={period === days ? 'primary' : 'secondary'} aria-pressed={period === days} onClick={() => setDays(period)}>
                {t('Last {{count}} days', { count: period })}
              </Button>
            ))}
          </div>
          {usage.isPending ? (
            <LoadingState text={t('Retrieving AI usage...')} />
          ) : usage.isError ? (
            <ErrorState message={errorMessage(usage.error, USAGE_ERROR)}>
              <Button variant="secondary" onClick={() => usage.refetch()}>
                {t('Try again')}
              </Button>
            </ErrorState>
          ) : (
            <>
              <BudgetMeter budget={usage.data.budget} />
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {t('{{tokens}} tokens from {{from}} to {{to}}.', { tokens: number.format(usage.data.totalTokens), from: formatDay(usage.data.from, language), to: formatDay(usage.data.to, language) })}{' '}
                <Link to={teamSettingsPath(team.handle, 'budget')} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  {t('Change the budget')}
                </Link>
              </p>
              <div className="grid gap-6 lg:grid-cols-2">
                <UsageTable caption={t('Tokens by AI agent')} who={t('AI agent')} rows={usage.data.byAgent} unknown={t('Removed AI agent')} />
                <UsageTable caption={t('Tokens by person who asked')} who={t('Person')} rows={usage.data.byPerson} unknown={t('Earlier replies')} />
              </div>
              <ToolUsageTable rows={usage.data.byTool} />
            </>
          )}
        </>
      )}
    </div>
  );
}
