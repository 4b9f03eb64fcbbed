import type { Db } from './client';

/**
 * Hot queries built once per database handle and run as prepared statements: drizzle skips
 * rebuilding the SQL (a measurable share of a send's CPU) and Postgres skips re-planning.
 * Usage: `const findX = preparedQuery('find_x', (db) => db.select()…where(eq(t.id, sql.placeholder('id'))))`
 * then `await findX(ctx.db).execute({ id })`.
 */
export function preparedQuery<P extends { execute: (...args: never[]) => unknown }>(name: string, build: (db: Db) => { prepare(name: string): P }) {
  const byDb = new WeakMap<Db, P>();
  return (db: Db): P => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
