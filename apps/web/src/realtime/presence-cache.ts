import type { QueryClient } from '@tanstack/react-query';
import type { TPresenceEvent } from '@agentroom/shared';

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
