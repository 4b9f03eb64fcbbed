import type { AppContext } from '../context';
import type { AgentRow } from '../db/rows';

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
