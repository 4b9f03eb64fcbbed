import type { TToolUsageRow } from '@agentroom/shared';
import { useLanguage, useT } from '../i18n';

/** Tool calls per day and tool, beside the token tables of the usage page. */
export function ToolUsageTable({ rows }: { rows: TToolUsageRow[] }) {
  const { t } = useT();
  const number = new Intl.NumberFormat(useLanguage());
  const cell = 'px-3 py-2 text-start';
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-start font-semibold text-zinc-900 dark:text-zinc-100">{t('Calls by tool')}</caption>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className={cell}>{t('Day (UTC)')}</th>
            <th scope="col" className={cell}>{t('Tool')}</th>
            <th scope="col" className={`${cell} text-end`}>{t('Calls')}</th>
            <th scope="col" className={`${cell} text-end`}>{t('Errors')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className={`${cell} text-zinc-500 dark:text-zinc-400`}>{t('No tool calls in this period.')}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.day}:${row.tool}`} className="border-t border-zinc-100 dark:border-zinc-800">
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{row.day}</td>
                <th scope="row" className={`${cell} font-mono font-medium break-all text-zinc-900 dark:text-zinc-100`}>{row.tool}</th>
                <td className={`${cell} text-end tabular-nums`}>{number.format(row.calls)}</td>
                <td className={`${cell} text-end tabular-nums ${row.errors > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>{number.format(row.errors)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
