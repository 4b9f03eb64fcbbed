import { Link } from 'react-router';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { useTeamContext } from '../teams/team-layout';
import { useTeamUsage } from '../teams/team-queries';
import { BudgetForm } from '../tools-settings/budget-form';
import { BudgetMeter } from '../tools-settings/budget-meter';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';

/** The usage page's default period: the budget comes with the usage, so both pages share one answer. */
const USAGE_DAYS = 7;
const BUDGET_FETCH_ERROR = 'Could not load the AI budget';

/** Owners: today's use against the budget, and the budget and per-person limit to change. */
export function TeamBudgetSection() {
  const { t } = useT();
  const { team } = useTeamContext();
  const usage = useTeamUsage(team.handle, USAGE_DAYS);
  if (usage.isPending) return <LoadingState text={t('Retrieving the AI budget...')} />;
  if (usage.isError)
    return (
      <ErrorState message={errorMessage(usage.error, BUDGET_FETCH_ERROR)}>
        <Button variant="secondary" onClick={() => usage.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  return (
    <div className="space-y-6">
      <BudgetMeter budget={usage.data.budget} />
      <BudgetForm handle={team.handle} budget={usage.data.budget} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('Tokens by AI agent, by person and calls by tool.')}{' '}
        <Link to={`/t/${encodeURIComponent(team.handle)}/usage`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {t('See AI usage')}
        </Link>
      </p>
    </div>
  );
}
