/**
 * Browser notifications (the Notification API), opt-in: permission is asked only from the button in the
 * Notifications dialog, never on load. Once granted, this browser may still turn them off for Agentroom
 * (a page cannot take a permission back), which is remembered here.
 */
export type BrowserPermission = NotificationPermission | 'unsupported';

const OFF_KEY = 'agentroom:browser-notifications-off';

export function browserPermission(): BrowserPermission {
  return typeof window !== 'undefined' && typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

export function browserNotificationsOff(): boolean {
  return localStorage.getItem(OFF_KEY) === '1';
}

export function setBrowserNotificationsOff(off: boolean): void {
  if (off) localStorage.setItem(OFF_KEY, '1');
  else localStorage.removeItem(OFF_KEY);
}

/** Asks the browser (call it from a click only); asking counts as turning them on in this browser. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (browserPermission() === 'unsupported') return 'unsupported';
  const result = await window.Notification.requestPermission();
  if (result === 'granted') setBrowserNotificationsOff(false);
  return result;
}

/** Whether a notification would show now: granted, not turned off here, and the tab is in the background. */
export function shouldNotifyInBrowser(): boolean {
  return browserPermission() === 'granted' && !browserNotificationsOff() && document.visibilityState === 'hidden';
}

/**
 * Shows one notification; clicking it brings this tab forward and runs `onOpen`. The tag (the
 * conversation) makes a newer one replace an older one, also across tabs of the same browser.
 */
export function showBrowserNotification(options: { title: string; body: string; tag: string; onOpen: () => void }): void {
  try {
    const notification = new window.Notification(options.title, { body: options.body, tag: options.tag, icon: '/favicon.svg' });
    notification.onclick = () => {
      window.focus();
      options.onOpen();
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only through a service worker: nothing to show then.
  }
}
