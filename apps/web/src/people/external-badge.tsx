import { Plug } from 'lucide-react';
import { EXTERNAL_AGENT_TEXTS } from '@agentroom/shared';
import { useT } from '../i18n';
import { cn } from '../ui/cn';

/**
 * Marks an external agent (one the team runs outside Agentroom) beside its name: amber with a plug,
 * so it never reads as a person (sky) or as the team's own AI agents (violet "AI").
 */
export function ExternalBadge({ className, size = 'xs' }: { className?: string; size?: 'xs' | 'sm' }) {
  const { t } = useT();
  return (
    <span
      title={t(EXTERNAL_AGENT_TEXTS.badgeTitle)}
      data-testid="external-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded bg-amber-100 font-semibold tracking-wide text-amber-900 ring-1 ring-amber-300 ring-inset dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/40',
        size === 'xs' ? 'px-1 py-px text-[10px] leading-none' : 'px-2 py-0.5 text-[11px]',
        className,
      )}
    >
      <Plug aria-hidden="true" className={size === 'xs' ? 'size-2.5' : 'size-3'} />
      <span aria-hidden="true">{t(EXTERNAL_AGENT_TEXTS.badge)}</span>
      <span className="sr-only">({t(EXTERNAL_AGENT_TEXTS.badgeTitle)})</span>
    </span>
  );
}
