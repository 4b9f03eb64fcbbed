import { focusRing } from '../ui/button';
import { cn } from '../ui/cn';

/** The phone header's and the navigation drawer's square icon buttons. */
export const iconButton = cn(
  'relative inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
  focusRing,
);
