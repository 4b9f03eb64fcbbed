import { useLocation, useSearchParams } from 'react-router';
import { isSafeNextPath } from '@agentroom/shared';

/**
 * Where to go after signing in, registering or following a mailed link: `?next=` (set by the
 * invitation page, carried by mails) or the page a route guard was asked for (navigation state).
 * Only a path of this app counts (isSafeNextPath: no other origin, no auth page); else undefined.
 */
export function useNextPath(): string | undefined {
  const [params] = useSearchParams();
  const location = useLocation();
  const candidates = [params.get('next'), (location.state as { from?: unknown } | null)?.from];
  return candidates.find(isSafeNextPath);
}

/** `path` with `?next=` when there is somewhere to return to. */
export const withNext = (path: string, next: string | undefined) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
