import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GOVERNANCE_ERRORS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type TTeam, type TTeamRetention } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { teamKeys } from '../teams/team-keys';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { CheckboxField } from '../ui/form-fields';
import { TextField } from '../ui/text-field';
import { auditApi } from './audit-api';
import { AUDIT_KEY } from './audit-log-view';

const PRESETS = [30, 90, 365];
const SAVE_ERROR = 'Could not save message retention';

/** The days typed, when they are a whole number within retention's bounds. */
function validDays(text: string): number | null {
  const days = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(days) && days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX ? days : null;
}

/** Turning retention on, or keeping messages for less time than now, deletes messages: asked first. */
const deletesMore = (saved: TTeamRetention, days: number | null) => days !== null && (saved.days === null || days < saved.days);

/** Team settings → Message retention (owners; decision 0028): how long messages are kept, pinned ones apart. */
export function RetentionSection({ team }: { team: TTeam }) {
  const { t } = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const saved = team.retention;
  const [on, setOn] = useState(saved.days !== null);
  const [daysText, setDaysText] = useState(String(saved.days ?? 90));
  const [keepPinned, setKeepPinned] = useState(saved.keepPinned);
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (days: number | null) => auditApi.setRetention(team.handle, { days, keepPinned }),
    onSuccess: (retention) => {
      setConfirming(null);
      queryClient.setQueryData<TTeam>(teamKeys.team(user?.id, team.handle), (current) => (current ? { ...current, retention } : current));
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(user?.id) });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });

  // "Saved." speaks of the form as it was sent: a change after it hides it.
  const edited = () => {
    if (save.isSuccess) save.reset();
  };
  const turn = (value: boolean) => {
    edited();
    setOn(value);
  };
  const typeDays = (text: string) => {
    edited();
    setDaysText(text);
  };
  const submit = () => {
    const days = on ? validDays(daysText) : null;
    if (on && days === null) return setInvalid(true);
    setInvalid(false);
    if (deletesMore(saved, days)) setConfirming(days);
    else save.mutate(days);
  };
  const error = save.isError ? t(errorMessage(save.error, SAVE_ERROR)) : undefined;

  return (
    <div className="space-y-5">
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {saved.days === null
          ? t('Messages are kept until someone deletes them.')
          : saved.keepPinned
            ? t('Messages are kept for {{count}} days; pinned messages are kept.', { count: saved.days })
            : t('Messages are kept for {{count}} days, pinned ones too.', { count: saved.days })}
      </p>
      <form
        aria-label={t('Message retention')}
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('Keep messages')}</legend>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="radio" name="retention" checked={!on} onChange={() => turn(false)} className="size-4 text-indigo-600" />
            {t('Forever (retention off)')}
          </label>
          <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input type="radio" name="retention" checked={on} onChange={() => turn(true)} className="size-4 text-indigo-600" />
            {t('For a number of days')}
          </label>
        </fieldset>
        {on && (
          <div className="space-y-2 ps-6">
            <TextField
              label={t('Days')}
              type="number"
              inputMode="numeric"
              min={RETENTION_DAYS_MIN}
              max={RETENTION_DAYS_MAX}
              value={daysText}
              onChange={(event) => typeDays(event.target.value)}
              error={invalid ? t(GOVERNANCE_ERRORS.retentionDays) : undefined}
              className="sm:w-40"
            />
            <div className="flex flex-wrap gap-2" role="group" aria-label={t('Presets')}>
              {PRESETS.map((days) => (
                <Button
                  key={days}
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-pressed={daysText === String(days)}
                  onClick={() => typeDays(String(days))}
                >
                  {t('{{count}} days', { count: days })}
                </Button>
              ))}
            </div>
          </div>
        )}
        <CheckboxField
          label={t('Keep pinned messages')}
          hint={t('Pinned messages stay however old they are.')}
          checked={keepPinned}
          onChange={(event) => {
            edited();
            setKeepPinned(event.target.checked);
          }}
        />
        <p className="text-sm text-amber-800 dark:text-amber-300">{t('Messages older than this are deleted for everyone, with their files. This cannot be undone.')}</p>
        {error && confirming === null && <Alert>{error}</Alert>}
        {save.isSuccess && !save.isPending && <p className="text-sm text-emerald-700 dark:text-emerald-400">{t('Saved.')}</p>}
        <Button type="submit" loading={save.isPending && confirming === null}>
          {t('Save')}
        </Button>
      </form>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            save.reset();
          }
        }}
        title={t('Delete messages older than {{count}} days?', { count: confirming ?? 0 })}
        description={t('Messages older than this are deleted for everyone, with their files. This cannot be undone.')}
      >
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setConfirming(null)}>
              {t('Cancel')}
            </Button>
            <Button type="button" variant="danger" loading={save.isPending} onClick={() => save.mutate(confirming)}>
              {t('Delete older messages')}
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
