import { MessagesSquare } from 'lucide-react';
import { PRODUCT_NAME } from '@agentroom/shared';
import { useT } from '../../i18n';

export function Brand() {
  const { t } = useT();
  return (
    <div className="flex items-center gap-2.5">
      <span className="flex size-9 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm dark:bg-indigo-500">
        <MessagesSquare aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{PRODUCT_NAME}</span>
      <span className="rounded-full border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-[11px] font-medium text-indigo-700 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-300">
        {t('beta')}
      </span>
    </div>
  );
}
