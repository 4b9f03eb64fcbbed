import type { AppContext } from '../context';
import type { AgentRow } from '../db/rows';
import { reachOfMany, type Reach } from './agent-reach';

/**
 * Online state per agent id, for cards: a human is online while a socket of theirs is connected, an
 * AI agent while its model answers (the reader is built in server.ts). Presence is decoration: a
 * failing reader leaves every agent `null` (unknown, a grey dot titled 'Status unknown').
 */
export async function readPresence(ctx: AppContext, rows: Pick<AgentRow, 'id' | 'isHuman'>[]): Promise<Map<string, boolean | null>> {
  if (rows.length === 0) return new Map();
  try {
    return await ctx.presence(rows);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'presence read failed');
    return new Map(rows.map((row) => [row.id, null]));
  }
}

/**
 * Presence as `viewerId` may see it (the reach rule, decision 0022): of agents out of their reach,
 * or who blocked them, `null` — the same grey dot as unknown, so a card tells nothing more.
 */
export async function readPresenceFor(
  ctx: AppContext,
  viewerId: string,
  rows: Pick<AgentRow, 'id' | 'isHuman'>[],
): Promise<Map<string, boolean | null>> {
  return (await readPresenceAndReach(ctx, viewerId, rows)).presence;
}

/** `readPresenceFor`, with the reach it was decided by (a 1:1's read-only line comes from it too). */
export async function readPresenceAndReach(ctx: AppContext, viewerId: string, rows: Pick<AgentRow, 'id' | 'isHuman'>[]) {
  if (rows.length === 0) return { presence: new Map<string, boolean | null>(), reach: new Map<string, Reach>() };
  const reach = await reachOfMany(ctx.db, viewerId, rows);
  const shown = rows.filter((row) => reach.get(row.id)?.seesPresence);
  const online = await readPresence(ctx, shown);
  return { presence: new Map(rows.map((row) => [row.id, online.get(row.id) ?? null])), reach };
}
