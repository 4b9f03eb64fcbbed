import { useState, type FormEvent } from 'react';
import { TOOL_SETTINGS_TEXTS, type TErrorDetails, type TTeamBudget } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { serverFieldErrors } from '../ui/form-errors';
import { toast } from '../ui/toast';
import { TextField } from '../ui/text-field';
import { useLanguage, useT } from '../i18n';
import { parseTokens } from './parse-tokens';
import { useUpdateTeamBudget } from './tool-queries';

const shown = (value: number | null) => (value === null ? '' : String(value));

/**
 * Owners set the team's daily token budget (empty: the server's limit) and a daily limit per person
 * inside it (empty: none). The server checks the same; its 400 shows by field, or above the form.
 */
export function BudgetForm({ handle, budget }: { handle: string; budget: TTeamBudget }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const number = new Intl.NumberFormat(language);
  const notACount = t('Enter a whole number of tokens, more than 0');
  const save = useUpdateTeamBudget(handle);
  const [teamText, setTeamText] = useState(shown(budget.dailyTokenBudget));
  const [personText, setPersonText] = useState(shown(budget.personDailyTokenLimit));
  const [errors, setErrors] = useState<TErrorDetails>({});
  const [formError, setFormError] = useState('');
  const ceiling = number.format(budget.ceiling);

  const check = () => {
    const dailyTokenBudget = parseTokens(teamText, language);
    const personDailyTokenLimit = parseTokens(personText, language);
    const found: TErrorDetails = {};
    if (Number.isNaN(dailyTokenBudget) || dailyTokenBudget === 0) found.dailyTokenBudget = notACount;
    else if (dailyTokenBudget !== null && dailyTokenBudget > budget.ceiling) found.dailyTokenBudget = t("At most {{ceiling}} (the server's limit)", { ceiling });
    if (Number.isNaN(personDailyTokenLimit) || personDailyTokenLimit === 0) found.personDailyTokenLimit = notACount;
    else if (personDailyTokenLimit !== null && personDailyTokenLimit > (dailyTokenBudget || budget.ceiling))
      found.personDailyTokenLimit = t("At most the team's daily budget");
    return { found, input: { dailyTokenBudget, personDailyTokenLimit } };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const { found, input } = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const saved = await save.mutateAsync(input);
      setTeamText(shown(saved.dailyTokenBudget));
      setPersonText(shown(saved.personDailyTokenLimit));
      toast.success(t('AI budget saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.dailyTokenBudget || fields.personDailyTokenLimit) setErrors(fields);
      else setFormError(errorMessage(error, TOOL_SETTINGS_TEXTS.saveBudgetFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('AI budget')}>
      {formError && <Alert>{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('Daily token budget for the team')}
          optional
          inputMode="numeric"
          autoComplete="off"
          placeholder={ceiling}
          hint={tf(TOOL_SETTINGS_TEXTS.budgetCeilingHint, ceiling)}
          value={teamText}
          error={errors.dailyTokenBudget && t(errors.dailyTokenBudget)}
          onChange={(e) => {
            save.reset();
            setTeamText(e.target.value);
          }}
        />
        <TextField
          label={t('Daily limit per person')}
          optional
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('No limit')}
          hint={t('Tokens a day for the replies one person starts.')}
          value={personText}
          error={errors.personDailyTokenLimit && t(errors.personDailyTokenLimit)}
          onChange={(e) => {
            save.reset();
            setPersonText(e.target.value);
          }}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={!teamText} onClick={() => setTeamText('')}>
          {t("Use the server's limit")}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('Save Budget')}
        </Button>
      </div>
      {save.isSuccess && !formError && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {t("Saved. Today's budget: {{tokens}} tokens.", { tokens: number.format(save.data.effectiveDailyTokens) })}
        </p>
      )}
    </form>
  );
}
