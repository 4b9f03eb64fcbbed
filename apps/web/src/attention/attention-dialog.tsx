import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTENTION_TEXTS as T, NOTIFICATION_TEXTS, STATUS_TEXT_MAX, type TAttention } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { SelectField } from '../ui/form-fields';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { attentionApi } from './attention-api';
import { browserTimeZone, endOfToday, fromLocalInput, inMinutes, shortTime, tomorrowMorning } from './attention-times';
import { attentionKey, useMyAttention } from './use-attention';

type Expiry = keyof typeof T.statusExpiry;
const EXPIRIES = Object.keys(T.statusExpiry) as Expiry[];
const expiryOf = (choice: Expiry): string | null =>
  choice === 'never' ? null : (choice === '30m' ? inMinutes(30) : choice === '1h' ? inMinutes(60) : endOfToday()).toISOString();

/** Saves one change and keeps the answer as my settings. */
function useSave<I>(save: (input: I) => Promise<TAttention>) {
  const { t } = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (attention) => {
      queryClient.setQueryData(attentionKey(user?.id), attention);
      toast.success(t(T.saved));
    },
  });
}

function StatusSection({ attention }: { attention: TAttention }) {
  const { t } = useT();
  const language = useLanguage();
  const [text, setText] = useState(attention.status?.text ?? '');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const save = useSave(attentionApi.setStatus);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ text, expiresAt: text.trim() ? expiryOf(expiry) : null });
      }}
    >
      <TextField
        label={t(T.statusLegend)}
        value={text}
        maxLength={STATUS_TEXT_MAX}
        placeholder={t(T.statusPlaceholder)}
        onChange={(event) => setText(event.target.value)}
        hint={attention.status?.expiresAt ? `${t(T.statusClearAfter)} ${shortTime(attention.status.expiresAt, language)}` : undefined}
      />
      <SelectField
        label={t(T.statusClearAfter)}
        value={expiry}
        onChange={(event) => setExpiry(event.target.value as Expiry)}
        options={EXPIRIES.map((value) => ({ value, label: t(T.statusExpiry[value]) }))}
      />
      {save.isError && <Alert>{errorMessage(save.error, t(T.saveFailed))}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t(T.statusSave)}
        </Button>
        {attention.status && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setText('');
              save.mutate({ text: '', expiresAt: null });
            }}
          >
            {t(T.statusClear)}
          </Button>
        )}
      </div>
    </form>
  );
}

function DndSection({ attention }: { attention: TAttention }) {
  const { t, tf } = useT();
  const language = useLanguage();
  const [custom, setCustom] = useState('');
  const [from, setFrom] = useState(attention.dndSchedule?.start ?? '22:00');
  const [to, setTo] = useState(attention.dndSchedule?.end ?? '08:00');
  const save = useSave(attentionApi.setDoNotDisturb);
  const schedule = attention.dndSchedule;
  const until = (at: string | null) => save.mutate({ until: at, schedule });
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(T.dndLegend)}</h3>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(T.dndHint)}</p>
      <p data-testid="dnd-state" className="text-sm text-zinc-700 dark:text-zinc-300">
        {attention.dndUntil ? tf(T.dndOnUntil, shortTime(attention.dndUntil, language)) : t(T.dndOff)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => until(inMinutes(60).toISOString())}>
          {t(T.dndFor1h)}
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => until(tomorrowMorning().toISOString())}>
          {t(T.dndUntilTomorrow)}
        </Button>
        {attention.dndUntil && (
          <Button type="button" variant="secondary" size="sm" onClick={() => until(null)}>
            {t(T.dndTurnOff)}
          </Button>
        )}
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const at = fromLocalInput(custom);
          if (at) until(at);
        }}
      >
        <TextField label={t(T.dndCustom)} type="datetime-local" value={custom} onChange={(event) => setCustom(event.target.value)} className="min-w-0" />
        <Button type="submit" variant="secondary" disabled={!custom}>
          {t(T.dndSet)}
        </Button>
      </form>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ until: attention.dndUntil, schedule: { start: from, end: to, timeZone: browserTimeZone() } });
        }}
      >
        <h4 className="text-sm text-zinc-800 dark:text-zinc-200">{t(T.dndScheduleLegend)}</h4>
        {schedule && <p className="text-xs text-zinc-500 dark:text-zinc-400">{tf(T.dndScheduleOn, schedule.start, schedule.end, schedule.timeZone)}</p>}
        <div className="grid grid-cols-2 gap-2">
          <TextField label={t(T.dndScheduleFrom)} type="time" value={from} onChange={(event) => setFrom(event.target.value)} required />
          <TextField label={t(T.dndScheduleTo)} type="time" value={to} onChange={(event) => setTo(event.target.value)} required />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" size="sm">
            {t(T.dndScheduleSave)}
          </Button>
          {schedule && (
            <Button type="button" variant="ghost" size="sm" onClick={() => save.mutate({ until: attention.dndUntil, schedule: null })}>
              {t(T.dndScheduleRemove)}
            </Button>
          )}
        </div>
      </form>
      {save.isError && <Alert>{errorMessage(save.error, t(T.saveFailed))}</Alert>}
    </section>
  );
}

/** Status and do not disturb, opened from the user badge (loaded on first opening: lazy-attention-dialog.ts). */
export function AttentionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const attention = useMyAttention();
  let body;
  if (attention.isPending) body = <Spinner label={t('Loading...')} className="size-5 text-indigo-600 dark:text-indigo-400" />;
  else if (attention.isError)
    body = (
      <Alert>
        {errorMessage(attention.error, t(T.loadFailed))}{' '}
        <Button variant="link" onClick={() => attention.refetch()}>
          {t(NOTIFICATION_TEXTS.tryAgain)}
        </Button>
      </Alert>
    );
  else
    body = (
      <div className="space-y-6">
        <StatusSection attention={attention.data} />
        <hr className="border-zinc-200 dark:border-zinc-800" />
        <DndSection attention={attention.data} />
      </div>
    );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t(T.dialogTitle)} description={t(T.dialogDescription)}>
      {body}
    </Modal>
  );
}
