import { useSyncExternalStore } from 'react';

/** Calls `onChange` each time the browser reports the network gone or back; answers the function that stops it. */
export function watchNetwork(onChange: (online: boolean) => void): () => void {
  const offline = () => onChange(false);
  const online = () => onChange(true);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

// The browser updates navigator.onLine before it fires 'online' or 'offline'.
const isOnline = () => navigator.onLine !== false;
const whenUnknown = () => true;

/** Whether the browser says it has a network; re-renders when that changes. */
export function useNetworkOnline(): boolean {
  return useSyncExternalStore(watchNetwork, isOnline, whenUnknown);
}
