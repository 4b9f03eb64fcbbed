import { useId } from 'react';
import { TOOL_SETTINGS_TEXTS, type TTeamBudget } from '@agentroom/shared';
import { cn } from '../ui/cn';
import { useLanguage, useT } from '../i18n';

/** From this share of the day's budget the bar turns amber and says so (the team's owners are told too). */
const WARNING_PERCENT = 80;

/** Today's AI tokens against the budget that applies: a bar, the numbers, and a warning near or at the end. */
export function BudgetMeter({ budget }: { budget: TTeamBudget }) {
  const { t, tf } = useT();
  const number = new Intl.NumberFormat(useLanguage());
  const labelId = useId();
  const max = budget.effectiveDailyTokens;
  const percent = max > 0 ? Math.floor((budget.usedToday / max) * 100) : 100;
  const tone = percent >= 100 ? 'spent' : percent >= WARNING_PERCENT ? 'warning' : 'ok';
  const usedText = tf(TOOL_SETTINGS_TEXTS.budgetUsed, number.format(budget.usedToday), number.format(max));
  return (
    <div className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={labelId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {t("Today's AI tokens")}
        </p>
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{usedText}</p>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(budget.usedToday, max)}
        aria-valuetext={usedText}
        data-tone={tone}
        className="h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div
          className={cn('h-full rounded-full', tone === 'spent' ? 'bg-red-600' : tone === 'warning' ? 'bg-amber-500' : 'bg-indigo-600 dark:bg-indigo-500')}
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
      {tone !== 'ok' && (
        <p className={cn('text-sm font-medium', tone === 'spent' ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300')}>
          {tone === 'spent' ? t(TOOL_SETTINGS_TEXTS.budgetSpent) : tf(TOOL_SETTINGS_TEXTS.budgetWarning, percent)}
        </p>
      )}
      {budget.personDailyTokenLimit !== null && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{tf(TOOL_SETTINGS_TEXTS.personLimit, number.format(budget.personDailyTokenLimit))}</p>
      )}
    </div>
  );
}
