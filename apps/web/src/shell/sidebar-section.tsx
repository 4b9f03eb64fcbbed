import { useId, type ReactNode } from 'react';
import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

/**
 * A titled group of the sidebar (Teams, Rooms, People, AI agents, Conversations): a region named by its
 * heading, with an optional small button beside the heading (a room's '+').
 */
export function SidebarSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="px-3 pt-4">
      <div className="flex items-center justify-between gap-2 px-2 pb-1">
        <h2 id={id} className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The look of every row link in the sidebar; the current one is filled. */
export const sidebarRow = (current: boolean) =>
  cn(
    'flex min-w-0 items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors',
    current
      ? 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
      : 'text-zinc-700 hover:bg-zinc-100/70 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-50',
    focusRing,
    'focus-visible:ring-offset-0',
  );

/** A quiet line in place of a list: loading, empty or failed. */
export function SidebarNote({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('px-2 py-1 text-xs', tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400')}
    >
      {children}
    </p>
  );
}
