import { toast } from '../ui/toast';

/**
 * A toast for the next page: signing in ends in a full page load, which would wipe a toast shown
 * before it. The message waits in sessionStorage (this tab only) and shows once the app has started.
 */
const STORAGE_KEY = 'agentroom.flash-toast';
type Kind = 'success' | 'error';

export function flashToast(kind: Kind, message: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ kind, message }));
  } catch {
    // Storage refused: show it now, for as long as this page lasts.
    toast[kind](message);
  }
}

/** Shows the toast left for this page, once. */
export function showFlashedToast(): void {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  let flashed: { kind?: unknown; message?: unknown };
  try {
    flashed = JSON.parse(stored) as typeof flashed;
  } catch {
    return;
  }
  if (typeof flashed.message === 'string') toast[flashed.kind === 'error' ? 'error' : 'success'](flashed.message);
}
