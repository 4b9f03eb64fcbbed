import { inArray, not } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import type { TestServer } from '../support/test-server';

export type AuditRow = typeof auditEvents.$inferSelect;

/** Every audit row's id now, to tell the rows a request wrote from the ones before it. */
async function auditIds(server: TestServer): Promise<string[]> {
  return (await server.ctx.db.select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id);
}

/** Runs `act` and answers the audit rows it wrote, oldest first. */
export async function rowsWrittenBy(server: TestServer, act: () => PromiseLike<unknown>): Promise<AuditRow[]> {
  const before = await auditIds(server);
  await act();
  const rows = await server.ctx.db
    .select()
    .from(auditEvents)
    .where(before.length ? not(inArray(auditEvents.id, before)) : undefined);
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/** The client address supertest's requests come from, however the socket reports it. */
export const LOCAL_IPS = ['127.0.0.1', '::ffff:127.0.0.1', '::1'];

/** One row, of `action`, from a person's request: the row itself for more checks. */
export function expectOneRow(rows: AuditRow[], action: string, expected: Partial<AuditRow>): AuditRow {
  expect(rows.map((row) => row.action)).toEqual([action]);
  const [row] = rows;
  expect(row).toMatchObject(expected);
  return row!;
}
