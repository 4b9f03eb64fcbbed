import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server';

const TABLES = [
  'agents',
  'accounts',
  'sessions',
  'email_tokens',
  'email_outbox',
  'teams',
  'team_members',
  'conversations',
  'conversation_participants',
  'messages',
  'message_reactions',
  'attachments',
] as const;

/** Row count of every table a request could write, so a test can assert a refused request wrote nothing. */
export async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await server.ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return counts;
}

/** `base` with `\u0000` spliced into `field` (a string, or the first element of a string array). */
export function withNul(base: Record<string, unknown>, field: string): Record<string, unknown> {
  const value = base[field];
  if (Array.isArray(value)) return { ...base, [field]: [`${value[0] as string}\u0000`, ...value.slice(1)] };
  const text = typeof value === 'string' && value.length > 1 ? value : 'x';
  return { ...base, [field]: `${text.slice(0, 1)}\u0000${text.slice(1)}` };
}
