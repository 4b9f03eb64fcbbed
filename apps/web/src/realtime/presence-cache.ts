import type { QueryClient } from '@tanstack/react-query';
import type { TPresenceEvent } from '@agentroom/shared';
import { teamKeys } from '../lib/team-query-keys';

type WithPresence = { id: string; isOnline: boolean | null };
const hasPresence = (value: unknown): value is WithPresence =>
  typeof value === 'object' && value !== null && 'id' in value && 'isOnline' in value;

/**
 * A presence change patches every cached agent with that id (team cards, agent lookups), so dots
 * turn green or grey at once without refetching anything.
 */
export function applyPresence(queryClient: QueryClient, { agentId, isOnline }: TPresenceEvent): void {
  const patch = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next = value.map((item) => {
        const patched = patch(item);
        changed ||= patched !== item;
        return patched;
      });
      return changed ? next : value;
    }
    if (hasPresence(value) && value.id === agentId && value.isOnline !== isOnline) return { ...value, isOnline };
    return value;
  };
  queryClient.setQueriesData({ predicate: () => true }, patch);
}

/**
 * Presence is not replayed: a change while this browser had no socket (before its first connect,
 * which waits for the first screen, decision 0015, or while it was away) is only in the server's
 * answer. So on every connect the shown lists that carry dots are asked again: the team rosters
 * (team page, sidebar). The inbox refetches on connect by itself. A fetch already on its way is
 * kept (it answers after the socket is up, so it is fresh enough).
 */
export function refetchPresence(queryClient: QueryClient, userId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: teamKeys.rosters(userId) }, { cancelRefetch: false });
}
