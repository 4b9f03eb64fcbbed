import { useEffect, useRef, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../ui/cn';

const TONES = {
  success: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400',
  warning: 'bg-amber-50 text-amber-600 dark:bg-amber-950/60 dark:text-amber-400',
  error: 'bg-red-50 text-red-600 dark:bg-red-950/60 dark:text-red-400',
  info: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950/60 dark:text-indigo-400',
} as const;

/**
 * A result screen inside the auth card: icon, title, text, actions. The title takes focus when
 * it appears so keyboard and screen-reader users land on the news, not on a vanished form.
 */
export function StatusScreen({
  icon: Icon,
  tone,
  title,
  children,
  actions,
  spin = false,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  spin?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <div className="flex flex-col items-center text-center" aria-live="polite">
      <span className={cn('flex size-12 items-center justify-center rounded-full', TONES[tone])}>
        <Icon aria-hidden="true" className={cn('size-6', spin && 'animate-spin')} />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50"
      >
        {title}
      </h1>
      {children && <div className="mt-2 space-y-3 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>}
      {actions && <div className="mt-6 flex w-full flex-col gap-2.5">{actions}</div>}
    </div>
  );
}
