/**
 * The `details` of an `*.updated` audit row: each field that really changed, as `{ from, to }`.
 * Fields that stayed the same are left out, so the log says what the change was.
 */
export function changedFields<K extends string>(
  before: { [key in K]?: unknown },
  after: { [key in K]?: unknown },
  fields: readonly K[],
): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changed[field] = { from, to };
  }
  return changed;
}
