import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { NOTIFICATION_TEXTS as T, UNREAD_EMAIL_DELAYS, type TNotificationSettings, type TUnreadEmailDelay } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { notificationApi } from '../api/notification-api';
import { useAuth } from '../auth/auth-context';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/dialogs';
import { PushSettings } from '../push/push-settings';
import { Spinner } from '../ui/spinner';
import { t, useT } from '../i18n';
import {
  browserNotificationsOff,
  browserPermission,
  requestBrowserPermission,
  setBrowserNotificationsOff,
  type BrowserPermission,
} from './browser-notifications';

type Choice = TUnreadEmailDelay | null;
const CHOICES: Choice[] = [...UNREAD_EMAIL_DELAYS, null];
const valueOf = (choice: Choice) => (choice === null ? 'off' : String(choice));
const labelOf = (choice: Choice) => t(choice === null ? T.delayLabels.off : T.delayLabels[choice]);

const notificationSettingsKey = (userId: string | undefined) => ['notification-settings', userId] as const;

/** The email delay: one radio per choice, saved as soon as it changes. */
function EmailSection() {
  useT(); // re-renders the texts when the language changes
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = notificationSettingsKey(user?.id);
  // Read afresh each time the dialog opens: the setting also changes outside this tab (the mail's
  // unsubscribe link, another device), and a stale choice here would be saved back over it.
  const settings = useQuery({ queryKey: key, queryFn: notificationApi.settings, enabled: !!user, retry: false, gcTime: 0 });
  const save = useMutation({
    mutationFn: (choice: Choice) => notificationApi.update({ unreadEmailDelayMinutes: choice }),
    onSuccess: (saved) => queryClient.setQueryData<TNotificationSettings>(key, saved),
  });
  const name = useId();
  const hintId = useId();

  if (settings.isPending) return <Spinner label={t('Loading...')} className="size-5 text-indigo-600 dark:text-indigo-400" />;
  if (settings.isError)
    return (
      <Alert>
        {errorMessage(settings.error, T.loadFailed)}{' '}
        <Button variant="link" onClick={() => settings.refetch()}>
          {t(T.tryAgain)}
        </Button>
      </Alert>
    );

  // While saving, the new choice shows; a failed save falls back to what the server holds.
  const selected = save.isPending ? save.variables : settings.data.unreadEmailDelayMinutes;
  return (
    <fieldset aria-describedby={hintId} className="space-y-3">
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t(T.emailLegend)}</legend>
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {t(T.emailHint)}
      </p>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <label
            key={valueOf(choice)}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 px-3 py-2 text-sm text-zinc-800 has-checked:border-indigo-500 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-zinc-200 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/40"
          >
            <input
              type="radio"
              name={name}
              value={valueOf(choice)}
              checked={selected === choice}
              onChange={() => save.mutate(choice)}
              className="size-4 accent-indigo-600"
            />
            {labelOf(choice)}
          </label>
        ))}
      </div>
      <p role="status" className="min-h-5 text-xs text-zinc-500 dark:text-zinc-400">
        {save.isSuccess ? t(T.saved) : ''}
      </p>
      {save.isError && <Alert>{errorMessage(save.error, T.saveFailed)}</Alert>}
    </fieldset>
  );
}

/** Opt-in browser notifications: the permission is asked for by this button only, never on load. */
function BrowserSection() {
  useT();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const [off, setOff] = useState(browserNotificationsOff);
  const [asking, setAsking] = useState(false);
  const turnOn = async () => {
    if (permission === 'granted') {
      setBrowserNotificationsOff(false);
      return setOff(false);
    }
    setAsking(true);
    try {
      setPermission(await requestBrowserPermission());
      setOff(browserNotificationsOff());
    } finally {
      setAsking(false);
    }
  };
  const turnOff = () => {
    setBrowserNotificationsOff(true);
    setOff(true);
  };

  let state;
  if (permission === 'unsupported') state = <p>{t(T.browserUnsupported)}</p>;
  else if (permission === 'denied') state = <p>{t(T.browserDenied)}</p>;
  else if (permission === 'granted' && !off)
    state = (
      <>
        <p className="flex items-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
          <Bell aria-hidden="true" className="size-4" />
          {t(T.browserOn)}
        </p>
        <Button variant="secondary" size="sm" onClick={turnOff}>
          {t(T.browserTurnOff)}
        </Button>
      </>
    );
  else
    state = (
      <>
        {permission === 'granted' && (
          <p className="flex items-center gap-2">
            <BellOff aria-hidden="true" className="size-4" />
            {t(T.browserOff)}
          </p>
        )}
        <Button size="sm" loading={asking} onClick={turnOn}>
          {t(T.browserTurnOn)}
        </Button>
      </>
    );

  return (
    <section aria-labelledby="browser-notifications-heading" className="space-y-2">
      <h3 id="browser-notifications-heading" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {t(T.browserHeading)}
      </h3>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(T.browserHint)}</p>
      <div role="status" data-permission={permission} className="flex flex-col items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        {state}
      </div>
    </section>
  );
}

/** Notification settings, opened from the user badge: the unread-messages email and browser notifications. */
export function NotificationSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t(T.dialogTitle)} description={t(T.dialogDescription)}>
      <div className="space-y-6">
        <EmailSection />
        <hr className="border-zinc-200 dark:border-zinc-800" />
        <BrowserSection />
        <hr className="border-zinc-200 dark:border-zinc-800" />
        <PushSettings />
      </div>
    </Modal>
  );
}
