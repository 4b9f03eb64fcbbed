import type { AgentRow } from './agent-presenters';

/**
 * Online state per agent id. Presence is owned by realtime (a human is online while a socket of
 * theirs is connected; an AI agent while its model answers). Until that reader exists, every agent
 * is `null`: unknown, which the cards show as a grey dot titled 'Status unknown'.
 */
export type PresenceReader = (agentIds: string[]) => Promise<Map<string, boolean | null>>;

let reader: PresenceReader | undefined;

/** Realtime registers its reader here at start-up; tests may too. */
export function setPresenceReader(next: PresenceReader | undefined): void {
  reader = next;
}

export async function readPresence(rows: Pick<AgentRow, 'id'>[]): Promise<Map<string, boolean | null>> {
  const ids = rows.map((row) => row.id);
  if (reader && ids.length) {
    try {
      return await reader(ids);
    } catch {
      // Presence is decoration: a failing reader must not break the team page.
    }
  }
  return new Map(ids.map((id) => [id, null]));
}
