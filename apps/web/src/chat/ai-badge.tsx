import { ExternalBadge } from '../people/external-badge';
import { useT } from '../i18n';
import { cn } from '../ui/cn';

/** Marks an AI agent beside its name where people and AI agents talk together (rooms). */
function AiBadge({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <span
      title={t('AI agent')}
      className={cn(
        'rounded bg-violet-100 px-1 py-px text-[10px] leading-none font-semibold tracking-wide text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
        className,
      )}
    >
      <span aria-hidden="true">{t('AI')}</span>
      <span className="sr-only">({t('AI agent')})</span>
    </span>
  );
}

/** An agent's mark beside its name: "External" for one the team runs outside Agentroom, "AI" for the team's own. */
export function AgentKindBadge({ external }: { external: boolean | undefined }) {
  return external ? <ExternalBadge /> : <AiBadge />;
}
