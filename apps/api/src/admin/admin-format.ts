/** Rows per page of every list in the admin area. */
export const ADMIN_PAGE_SIZE = 50;

export const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** A `q` for ILIKE: its own `%`, `_` and `\` match themselves, anywhere in the value. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A time read through raw SQL (a Date or the driver's text) as ISO 8601, or null. */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A person as the admin area names them: first and last name, else the username. */
export const personName = (agent: { firstName: string; lastName: string; username: string }) => [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
