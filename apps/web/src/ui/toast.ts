import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the first load: most visits never show one, so the library (and its
 * <Toaster>, see toaster.tsx) is fetched when the first toast is asked for. Same calls as sonner's
 * `toast`; import it from here, never from 'sonner' (eslint says so), or the toast has no Toaster.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    // A failed download (offline) is tried again by the next toast.
    sonner.catch(() => (sonner = undefined));
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For the lazy <Toaster>: whether a toast was asked for yet, and a way to hear when one is. */
export const sonnerRequested = () => sonner !== undefined;
export function onSonnerRequested(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const show = (kind: 'success' | 'error' | 'info' | 'message') => (message: Message, data?: ExternalToast) => {
  loadSonner().then(
    (module) => module.toast[kind](message, data),
    () => {},
  );
};

export const toast = { success: show('success'), error: show('error'), info: show('info'), message: show('message') };
