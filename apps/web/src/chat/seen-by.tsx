import { SEEN_BY_MAX_AVATARS, seenByText, type TSeenAgent } from '@agentroom/shared';
import { useLanguage, useT } from '../i18n';
import { AgentAvatar } from '../people/agent-avatar';
import { cn } from '../ui/cn';
import { fullNameOf } from './agent-names';

/**
 * Who has read up to this message (their read cursor sits here), up to three avatars
 * then '+N'. Said aloud as "Seen by Maya, Nova and 2 others"; hovering lists everyone.
 */
export function SeenBy({
  agents,
  max = SEEN_BY_MAX_AVATARS,
  align = 'end',
}: {
  agents: readonly TSeenAgent[];
  max?: number;
  /** Under one's own messages on the end side, under others' (rooms) on the start side. */
  align?: 'start' | 'end';
}) {
  const { t, tf } = useT();
  const language = useLanguage();
  if (agents.length === 0) return null;
  const shown = agents.slice(0, max);
  const rest = agents.length - shown.length;
  const names = agents.map((agent) => fullNameOf(agent));
  return (
    <div
      data-testid="seen-by"
      className={cn('mt-1 flex items-center gap-1', align === 'end' ? 'justify-end' : 'justify-start')}
      title={t('Seen by {{names}}', { names: names.join(t(', ')) })}
    >
      <span className="sr-only">{tf(seenByText, names)}</span>
      <span aria-hidden="true" className="flex -space-x-1.5">
        {shown.map((agent) => (
          <AgentAvatar key={agent.id} src={agent.avatarUrl} name={fullNameOf(agent)} className="size-4 ring-2 ring-white dark:ring-zinc-900" />
        ))}
      </span>
      {rest > 0 && (
        <span aria-hidden="true" className="text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
          +{new Intl.NumberFormat(language).format(rest)}
        </span>
      )}
    </div>
  );
}
