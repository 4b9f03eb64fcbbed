import { WifiOff } from 'lucide-react';
import { useT } from '../i18n';
import { usePageTitle } from '../lib/use-page-title';
import { Button } from '../ui/button';

/**
 * What the app shows instead of the browser's error page when it opens without a network: the
 * shell came from the service worker, the rest needs the server. It goes away by itself when the
 * browser reports the network back (OfflineGate); "Try again" reloads for a browser that does not.
 */
export function OfflineScreen() {
  const { t } = useT();
  usePageTitle(t('You are offline'));
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-white px-6 text-center dark:bg-zinc-950">
      <span className="flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950/50 dark:text-indigo-400">
        <WifiOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-100">{t('You are offline')}</h1>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t('Agentroom will reconnect when your connection is back.')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('Try again')}
      </Button>
    </main>
  );
}
