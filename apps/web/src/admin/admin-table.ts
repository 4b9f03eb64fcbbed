/**
 * The admin tables' look. In a narrow pane (a phone, or beside the shell's sidebar and the admin
 * menu on a small laptop) a row stacks into a card and each cell shows its column's name (its
 * `data-label`) before the value, so nothing scrolls sideways. The width is the pane's, not the
 * window's (a container query on tableWrap).
 */
export const tableWrap = '@container rounded-xl border border-zinc-200 dark:border-zinc-800';
export const tableClass = 'block w-full text-sm @2xl:table';
export const tableHead = 'hidden @2xl:table-header-group';
export const tableBody = 'block divide-y divide-zinc-200 @2xl:table-row-group dark:divide-zinc-800';
export const tableRow = 'block px-3 py-2 @2xl:table-row @2xl:p-0';
export const headCell = 'bg-zinc-50 px-3 py-2 text-start align-bottom text-xs font-medium text-zinc-500 first:rounded-ss-xl last:rounded-se-xl dark:bg-zinc-900 dark:text-zinc-400';
const stacked =
  'flex gap-3 py-0.5 before:w-28 before:shrink-0 before:text-xs before:leading-5 before:text-zinc-500 before:content-[attr(data-label)] @2xl:table-cell @2xl:px-3 @2xl:py-2 @2xl:align-top @2xl:before:content-none dark:before:text-zinc-400';
export const cell = `${stacked} min-w-0 break-words text-zinc-800 dark:text-zinc-200`;
export const mutedCell = `${stacked} text-zinc-500 dark:text-zinc-400`;
/** The row's buttons: under the card on a phone, at the row's end in a table. */
export const actionCell = 'block pt-1 @2xl:table-cell @2xl:px-3 @2xl:py-2 @2xl:text-end @2xl:align-top';
export const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';
