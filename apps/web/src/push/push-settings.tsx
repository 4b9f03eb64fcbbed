import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import type { TNotificationSettings, TPushDevice, TPushDevicesResponse } from '@agentroom/shared';
import { isApiError } from '../api/api-error';
import { notificationApi } from '../api/notification-api';
import { useLanguage, useT } from '../i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { PUSH_DEVICES_KEY, pushApi } from './push-api';
import { currentSubscription, deviceBody, forgetSubscriptionHere, pushSupported, subscribeHere } from './push-subscription';

const PREVIEWS_KEY = ['notification-settings', 'push-previews'] as const;

/** The server's words when it gave some (already a text of the catalog); the caller's otherwise (a browser refusal). */
const failure = (error: unknown, fallback: string, t: (key: string) => string) => (isApiError(error) && error.fromServer ? t(error.message) : fallback);

/**
 * "Push notifications" in the Notifications dialog (decision 0027): this device on or off, the
 * person's devices (each removable), and whether a push may carry the message's text.
 */
export function PushSettings() {
  const { t } = useT();
  const devices = useQuery({ queryKey: PUSH_DEVICES_KEY, queryFn: pushApi.list, retry: false, gcTime: 0 });

  let body;
  if (devices.isPending) body = <Spinner label={t('Loading...')} className="size-5 text-indigo-600 dark:text-indigo-400" />;
  else if (devices.isError)
    // Not an alert: the dialog's other sections stay usable, and this says so quietly.
    body = (
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('Push notifications could not be loaded.')}{' '}
        <Button variant="link" onClick={() => devices.refetch()}>
          {t('Load them again')}
        </Button>
      </p>
    );
  else if (devices.data.publicKey === null) body = <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("Push notifications aren't set up on this server.")}</p>;
  else body = <PushControls publicKey={devices.data.publicKey} devices={devices.data.devices} />;

  return (
    <section aria-labelledby="push-notifications-heading" className="space-y-3">
      <h3 id="push-notifications-heading" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {t('Push notifications')}
      </h3>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('1:1 messages, @mentions and approvals waiting for you, even while Agentroom is closed.')}</p>
      {body}
    </section>
  );
}

type Permission = NotificationPermission | 'unsupported';

function PushControls({ publicKey, devices }: { publicKey: string; devices: TPushDevice[] }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [permission, setPermission] = useState<Permission>(() => (supported ? Notification.permission : 'unsupported'));
  // This browser's subscription endpoint: undefined until read, null when it has none.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(supported ? undefined : null);
  const switchId = useId();

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    currentSubscription().then(
      (subscription) => !cancelled && setEndpoint(subscription?.endpoint ?? null),
      () => !cancelled && setEndpoint(null),
    );
    return () => {
      cancelled = true;
    };
  }, [supported]);

  const setDevices = (change: (list: TPushDevice[]) => TPushDevice[]) =>
    queryClient.setQueryData<TPushDevicesResponse>(PUSH_DEVICES_KEY, (data) => (data ? { ...data, devices: change(data.devices) } : data));
  const thisDevice = endpoint ? devices.find((device) => device.endpoint === endpoint) : undefined;

  const turnOn = useMutation({
    mutationFn: async () => {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return null;
      const subscription = await subscribeHere(publicKey);
      try {
        return { device: await pushApi.add(deviceBody(subscription)), endpoint: subscription.endpoint };
      } catch (error) {
        // Not on the server: nothing would reach this subscription, so it is not kept either.
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSuccess: (added) => {
      if (!added) return;
      setEndpoint(added.endpoint);
      setDevices((list) => [...list.filter((device) => device.id !== added.device.id), added.device]);
    },
  });

  const remove = useMutation({
    mutationFn: async (device: TPushDevice) => {
      await pushApi.remove(device.id);
      if (device.endpoint === endpoint) await forgetSubscriptionHere();
      return device;
    },
    onSuccess: (device) => {
      if (device.endpoint === endpoint) setEndpoint(null);
      setDevices((list) => list.filter((other) => other.id !== device.id));
    },
  });

  const busy = turnOn.isPending || remove.isPending;
  let control;
  if (!supported) control = <p>{t("This browser can't receive push notifications.")}</p>;
  else if (permission === 'denied')
    control = (
      <p>
        {t(
          'Notifications are blocked for Agentroom in this browser. Allow them in the site settings (the icon beside the address), then open this dialog again.',
        )}
      </p>
    );
  else
    control = (
      <div className="flex items-center gap-3">
        <Switch.Root
          id={switchId}
          checked={!!thisDevice}
          disabled={busy || endpoint === undefined}
          onCheckedChange={(on) => {
            if (on) turnOn.mutate();
            else if (thisDevice) remove.mutate(thisDevice);
          }}
          className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-zinc-300 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60 data-[state=checked]:bg-indigo-600 dark:bg-zinc-700 dark:focus-visible:ring-offset-zinc-900 dark:data-[state=checked]:bg-indigo-500"
        >
          <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[18px]" />
        </Switch.Root>
        <label htmlFor={switchId} className="text-sm text-zinc-800 select-none dark:text-zinc-200">
          {t('Push notifications on this device')}
        </label>
        {busy && <Spinner className="size-4 text-indigo-600 dark:text-indigo-400" />}
      </div>
    );

  return (
    <div className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
      {control}
      {turnOn.isError && <Alert>{failure(turnOn.error, t('Push notifications could not be turned on.'), t)}</Alert>}
      {remove.isError && <Alert>{failure(remove.error, t('The device could not be removed.'), t)}</Alert>}
      {devices.length > 0 && <DeviceList devices={devices} endpoint={endpoint} removing={remove.isPending ? remove.variables?.id : undefined} onRemove={(device) => remove.mutate(device)} />}
      <PreviewsChoice />
    </div>
  );
}

function DeviceList({
  devices,
  endpoint,
  removing,
  onRemove,
}: {
  devices: TPushDevice[];
  endpoint: string | null | undefined;
  removing: string | undefined;
  onRemove: (device: TPushDevice) => void;
}) {
  const { t } = useT();
  const language = useLanguage();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <ul aria-label={t('Devices with push notifications')} className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {devices.map((device) => (
        <li key={device.id} className="flex items-center gap-3 px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
              <span className="truncate">{device.label}</span>
              {device.endpoint === endpoint && (
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300">{t('This device')}</span>
              )}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('Added {{date}}', { date: date.format(new Date(device.createdAt)) })}</p>
          </div>
          <Button variant="secondary" size="sm" loading={removing === device.id} disabled={removing !== undefined} aria-label={t('Remove {{device}}', { device: device.label })} onClick={() => onRemove(device)}>
            {t('Remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Off by default: a push then says who wrote and where, not what (it passes through the browser vendor's push service). */
function PreviewsChoice() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: PREVIEWS_KEY, queryFn: notificationApi.settings, retry: false, gcTime: 0 });
  const save = useMutation({
    mutationFn: (pushPreviews: boolean) => notificationApi.update({ pushPreviews }),
    onSuccess: (saved) => queryClient.setQueryData<TNotificationSettings>(PREVIEWS_KEY, saved),
  });
  const hintId = useId();
  if (!settings.isSuccess) return null;
  const checked = save.isPending ? save.variables : settings.data.pushPreviews;
  return (
    <div className="space-y-1">
      <label className="flex cursor-pointer items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input type="checkbox" checked={checked} aria-describedby={hintId} onChange={(event) => save.mutate(event.target.checked)} className="size-4 accent-indigo-600" />
        {t('Show message text in push notifications')}
      </label>
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('When off, a notification says who wrote and where, not what.')}
      </p>
      {save.isError && <Alert>{failure(save.error, t('The setting could not be saved.'), t)}</Alert>}
    </div>
  );
}
