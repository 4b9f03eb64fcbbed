import type { QueryClient } from '@tanstack/react-query';
import type { TAgent } from '@agentroom/shared';

type Shown = Record<string, unknown> & { id: string };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** What every place showing an agent may carry: its picture and names. */
const DISPLAY_FIELDS = ['avatarUrl', 'firstName', 'middleName', 'lastName', 'fullName'] as const;
/** Fields only a whole agent (card, lookup, profile) has; a message's sender calls something else 'role'. */
const AGENT_FIELDS = ['role', 'personality', 'model', 'username'] as const;
/** A person's status text and do-not-disturb badge, as others see them. */
const ATTENTION_FIELDS = ['status', 'doNotDisturb'] as const;

function patched(value: Shown, agent: TAgent): Shown {
  const isAgent = 'username' in value && 'isHuman' in value;
  const fields: readonly string[] = isAgent ? [...DISPLAY_FIELDS, ...AGENT_FIELDS] : DISPLAY_FIELDS;
  let next: Shown | undefined;
  for (const field of fields) {
    if (!(field in value)) continue;
    const fresh = agent[field as keyof TAgent];
    if (value[field] !== fresh) (next ??= { ...value })[field] = fresh;
  }
  // Status and do not disturb are omitted when none: a whole agent takes them as they come, or drops them.
  if (isAgent)
    for (const field of ATTENTION_FIELDS) {
      const fresh = agent[field];
      if (JSON.stringify(value[field]) === JSON.stringify(fresh)) continue;
      next ??= { ...value };
      if (fresh === undefined) delete next[field];
      else next[field] = fresh;
    }
  // A team's member preview names the agent `agentName`.
  if ('agentName' in value && value.agentName !== agent.fullName) (next ??= { ...value }).agentName = agent.fullName;
  return next ?? value;
}

/**
 * A changed agent (`agent:updated`, or our own upload's answer) patches every cached place that
 * shows it: team cards, member previews, lookups, conversations, the profile. Presence is left alone.
 * Unchanged data keeps its identity, so nothing re-renders for nothing.
 */
export function applyAgentUpdate(queryClient: QueryClient, agent: TAgent): void {
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > 6 || !isObject(value)) return value;
    if (Array.isArray(value)) {
      let changed = false;
      const items = value.map((item) => {
        const next = walk(item, depth + 1);
        changed ||= next !== item;
        return next;
      });
      return changed ? items : value;
    }
    let current: Record<string, unknown> = value.id === agent.id ? patched(value as Shown, agent) : value;
    for (const [key, child] of Object.entries(current)) {
      if (!isObject(child)) continue;
      const next = walk(child, depth + 1);
      if (next !== child) current = { ...current, [key]: next };
    }
    return current;
  };
  queryClient.setQueriesData({ predicate: () => true }, (data: unknown) => walk(data, 0));
}
