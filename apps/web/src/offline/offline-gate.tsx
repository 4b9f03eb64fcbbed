import { useEffect, useRef, useState, type ReactNode } from 'react';
import { afterFirstScreen } from '../lib/first-screen';
import { useNetworkOnline } from '../realtime/network-status';
import { OfflineScreen } from './offline-screen';

/**
 * Wraps the whole app. While the browser is offline before the app's first screen has been drawn
 * (opened without a network, or the network went while it was loading), nothing the app asks the
 * server can arrive: the offline screen stands in for it, and the app starts afresh (its sign-in
 * check included) when the network is back. Once a first screen is on view, going offline is the
 * pages' business: a conversation says so itself and keeps what is being written.
 *
 * `onFirstScreen` runs once, after that first screen (the service worker's registration waits for it,
 * so the files it keeps offline are fetched after what the page needs first; decision 0015).
 */
export function OfflineGate({ children, onFirstScreen }: { children: ReactNode; onFirstScreen?: () => void }) {
  const online = useNetworkOnline();
  const [drawn, setDrawn] = useState(false);
  const onFirstScreenRef = useRef(onFirstScreen);

  // Runs after the children rendered: the app has by then started watching its first screen.
  useEffect(() => {
    if (!online || drawn) return;
    let cancelled = false;
    void afterFirstScreen().then(() => {
      if (!cancelled) setDrawn(true);
    });
    return () => {
      cancelled = true;
    };
  }, [online, drawn]);

  useEffect(() => {
    if (drawn) onFirstScreenRef.current?.();
  }, [drawn]);

  if (!online && !drawn) return <OfflineScreen />;
  return children;
}
