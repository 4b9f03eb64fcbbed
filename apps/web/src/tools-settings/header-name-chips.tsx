import { KeyRound } from 'lucide-react';
import { useT } from '../i18n';

/** The names of a server's stored headers; their values are never sent back, so never shown. */
export function HeaderNameChips({ names }: { names: string[] }) {
  const { t } = useT();
  return (
    <ul aria-label={t('Headers')} className="flex flex-wrap gap-1.5">
      {names.map((name) => (
        <li
          key={name}
          className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          <KeyRound aria-hidden="true" className="size-3" />
          {t('{{name}} (hidden)', { name })}
        </li>
      ))}
    </ul>
  );
}
