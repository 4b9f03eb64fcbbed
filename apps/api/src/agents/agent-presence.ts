import type { AppContext } from '../context';
import type { AgentRow } from './agent-presenters';

/**
 * Online state per agent id, for cards. Realtime owns presence (a human is online while a socket of
 * theirs is connected; an AI agent while its model answers) and registers a reader at start-up.
 * Without one, every agent is `null`: unknown, shown as a grey dot titled 'Status unknown'.
 */
export type PresenceReader = (agentIds: string[]) => Promise<Map<string, boolean | null>>;

// Keyed by context, so two servers in one process (multi-node tests) each read their own presence.
const readers = new WeakMap<AppContext, PresenceReader>();
let processReader: PresenceReader | undefined;

/** Realtime registers its reader here; with `ctx` it applies to that server only. */
export function setPresenceReader(reader: PresenceReader | undefined, ctx?: AppContext): void {
  if (!ctx) processReader = reader;
  else if (reader) readers.set(ctx, reader);
  else readers.delete(ctx);
}

export async function readPresence(ctx: AppContext, rows: Pick<AgentRow, 'id'>[]): Promise<Map<string, boolean | null>> {
  const ids = rows.map((row) => row.id);
  const reader = readers.get(ctx) ?? processReader;
  if (reader && ids.length) {
    try {
      return await reader(ids);
    } catch (error) {
      // Presence is decoration: a failing reader must not break the team page.
      ctx.logger.warn({ err: error }, 'presence read failed');
    }
  }
  return new Map(ids.map((id) => [id, null]));
}
