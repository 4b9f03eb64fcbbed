/** The admin tables' look: they scroll sideways on a phone rather than squeeze. */
export const tableWrap = 'overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800';
export const tableClass = 'min-w-full divide-y divide-zinc-200 text-sm dark:divide-zinc-800';
export const headCell = 'bg-zinc-50 px-3 py-2 text-start text-xs font-medium whitespace-nowrap text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400';
export const cell = 'px-3 py-2 align-top text-zinc-800 dark:text-zinc-200';
export const mutedCell = 'px-3 py-2 align-top whitespace-nowrap text-zinc-500 dark:text-zinc-400';
export const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';
