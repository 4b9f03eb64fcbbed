import { LANGUAGE_NAMES, LANGUAGES } from '@agentroom/shared';
import { applyLanguage, useLanguage, useT } from '../../i18n';
import { cn } from '../../ui/cn';

/**
 * The three languages under the sign-in card, each named in itself, so a person can pick theirs
 * before signing in (the choice stays on this device; an account's own language wins once signed in).
 */
export function LanguageMenu() {
  const { t } = useT();
  const current = useLanguage();
  return (
    <nav aria-label={t('Language')} className="mt-6 flex flex-wrap justify-center gap-1 text-xs">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          onClick={() => void applyLanguage(language).catch(() => undefined)}
          className={cn(
            'rounded-md px-2 py-1 text-zinc-500 outline-none hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:text-zinc-100',
            language === current && 'font-medium text-zinc-900 dark:text-zinc-100',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </nav>
  );
}
