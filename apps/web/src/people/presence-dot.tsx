import { useT } from '../i18n';
import { cn } from '../ui/cn';

/**
 * Green when online, grey otherwise; null means we do not know yet ('Status unknown').
 * `label` names the state otherwise (the user's own dot: 'Connecting…'). A person in do not disturb
 * shows a red dot with a white bar instead, whatever their presence: what others see of it.
 */
export function PresenceDot({
  isOnline,
  className,
  label: named,
  doNotDisturb = false,
}: {
  isOnline: boolean | null;
  className?: string;
  label?: string;
  doNotDisturb?: boolean;
}) {
  const { t } = useT();
  const presence = named ?? (isOnline === null ? t('Status unknown') : isOnline ? t('Online') : t('Offline'));
  const label = doNotDisturb ? t('{{presence}}, do not disturb', { presence }) : presence;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-presence={isOnline === null ? 'unknown' : isOnline ? 'online' : 'offline'}
      data-dnd={doNotDisturb ? 'on' : undefined}
      className={cn(
        'inline-flex size-3 items-center justify-center rounded-full ring-2 ring-white dark:ring-zinc-900',
        doNotDisturb
          ? 'bg-rose-600 dark:bg-rose-500'
          : isOnline === null
            ? 'bg-zinc-300 dark:bg-zinc-600'
            : isOnline
              ? 'bg-emerald-500'
              : 'bg-zinc-400 dark:bg-zinc-500',
        className,
      )}
    >
      {doNotDisturb && <span aria-hidden="true" className="h-[2px] w-[55%] rounded-full bg-white" />}
    </span>
  );
}
