import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { useT } from '../i18n';

/** /t/:handle for a team that does not exist or that the user may not see. */
export function NotFoundState({ children }: { children?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <SearchX aria-hidden="true" className="size-8 text-zinc-400" />
      <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{t('Team not found')}</h1>
      {children}
    </div>
  );
}
