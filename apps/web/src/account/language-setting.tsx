import { useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type TLanguage } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { applyLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { SelectField } from '../ui/form-fields';
import { accountApi } from './account-api';

/** The select's value for "Browser default" (the account's locale null). */
const BROWSER_DEFAULT = '';

/**
 * Languages are shown one after another, in the order asked: a catalog still loading for one choice
 * must not land after a later one (a refusal's way back) and leave the page in the wrong language.
 */
let showing: Promise<void> = Promise.resolve();
const show = (locale: TLanguage | null) => {
  showing = showing.then(() => applyLanguage(locale)).catch(() => undefined);
  return showing;
};

/**
 * The account's language (decision 0027), saved as soon as it is chosen: the page changes language at
 * once, without a reload, and the account keeps the choice for its other devices and its mail.
 */
export function LanguageSetting() {
  const { t } = useT();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<TLanguage | null>(auth.user?.locale ?? null);
  // Kept as what happened and said when shown: the message appears in the language just chosen.
  const [outcome, setOutcome] = useState<{ saved: true } | { saved: false; error: unknown }>();
  const save = useMutation({
    // The choice shows at once; a refusal puts the previous one back.
    onMutate: (locale: TLanguage | null) => {
      const previous = chosen;
      setChosen(locale);
      setOutcome(undefined);
      void show(locale);
      return previous;
    },
    mutationFn: (locale: TLanguage | null) => accountApi.updateProfile({ locale }),
    onSuccess: async () => {
      setOutcome({ saved: true });
      // The signed-in user (auth) carries the locale: fetch it as the server now has it.
      await auth.refresh().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: ['users', auth.user?.id] });
    },
    onError: (error, _locale, previous) => {
      const before = previous ?? null;
      setChosen(before);
      void show(before);
      setOutcome({ saved: false, error });
    },
  });

  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    save.mutate(isLanguage(value) ? value : null);
  };

  return (
    <div className="max-w-md space-y-2" data-testid="language-setting">
      <SelectField
        label={t('Language')}
        name="locale"
        value={chosen ?? BROWSER_DEFAULT}
        onChange={change}
        disabled={save.isPending}
        options={[{ value: BROWSER_DEFAULT, label: t('Browser default') }, ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))]}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Agentroom and the emails it sends you use this language.')}</p>
      {outcome?.saved && <Alert tone="success">{t('Language saved.')}</Alert>}
      {outcome && !outcome.saved && <Alert>{errorMessage(outcome.error, t('Could not save your language'))}</Alert>}
    </div>
  );
}
