import { lazy, Suspense, useSyncExternalStore } from 'react';
import { textDirection } from '@agentroom/shared';
import { useLanguage, useT } from '../i18n';
import { loadSonner, onSonnerRequested, sonnerRequested } from './toast';

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * sonner's <Toaster>, rendered once the first toast is asked for (ui/toast.ts). sonner hands a
 * Toaster that subscribes late the toasts already shown, so the first one is not lost.
 */
export function Toaster() {
  const requested = useSyncExternalStore(onSonnerRequested, sonnerRequested, () => false);
  // sonner reads the page's direction once; a language chosen later (Arabic) must still mirror its toasts.
  const dir = textDirection(useLanguage());
  const { t } = useT();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" theme="system" richColors closeButton dir={dir} containerAriaLabel={t('Notifications')} toastOptions={{ closeButtonAriaLabel: t('Close toast') }} />
    </Suspense>
  );
}
