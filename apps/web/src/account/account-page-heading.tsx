import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** One account page's heading and intro line; also the page's title. */
export function AccountPageHeading({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mb-5 space-y-1">
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
      {children && <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>}
    </div>
  );
}
