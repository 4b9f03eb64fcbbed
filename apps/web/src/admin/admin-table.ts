/**
 * The admin tables' look. Below `lg` a row stacks into a card and each cell shows its column's name
 * (its `data-label`) before the value, so a phone never scrolls sideways.
 */
export const tableWrap = 'rounded-xl border border-zinc-200 dark:border-zinc-800';
export const tableClass = 'block w-full text-sm lg:table';
export const tableHead = 'hidden lg:table-header-group';
export const tableBody = 'block divide-y divide-zinc-200 lg:table-row-group dark:divide-zinc-800';
export const tableRow = 'block px-3 py-2 lg:table-row lg:p-0';
export const headCell = 'bg-zinc-50 px-3 py-2 text-start align-bottom text-xs font-medium text-zinc-500 first:rounded-ss-xl last:rounded-se-xl dark:bg-zinc-900 dark:text-zinc-400';
const stacked =
  'flex gap-3 py-0.5 before:w-28 before:shrink-0 before:text-xs before:leading-5 before:text-zinc-500 before:content-[attr(data-label)] lg:table-cell lg:px-3 lg:py-2 lg:align-top lg:before:content-none dark:before:text-zinc-400';
export const cell = `${stacked} min-w-0 break-words text-zinc-800 dark:text-zinc-200`;
export const mutedCell = `${stacked} text-zinc-500 lg:whitespace-nowrap dark:text-zinc-400`;
export const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';
