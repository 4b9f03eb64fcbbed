import { cn } from '../ui/cn';

/**
 * Green when online, grey otherwise; null means we do not know yet ('Status unknown').
 * `label` names the state otherwise (the user's own dot: 'Connecting…').
 */
export function PresenceDot({ isOnline, className, label: named }: { isOnline: boolean | null; className?: string; label?: string }) {
  const label = named ?? (isOnline === null ? 'Status unknown' : isOnline ? 'Online' : 'Offline');
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-presence={isOnline === null ? 'unknown' : isOnline ? 'online' : 'offline'}
      className={cn(
        'inline-block size-3 rounded-full ring-2 ring-white dark:ring-zinc-900',
        isOnline === null
          ? 'bg-zinc-300 dark:bg-zinc-600'
          : isOnline
            ? 'bg-emerald-500'
            : 'bg-zinc-400 dark:bg-zinc-500',
        className,
      )}
    />
  );
}
