import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { dataExports, teams } from '../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;
/** An export with its team's handle (team exports), as answered and published. */
export type DataExportView = DataExportRow & { teamHandle: string | null };

const viewColumns = { row: dataExports, teamHandle: teams.handle };

async function selectViews(db: DbOrTx, where: ReturnType<typeof and>, limit = 50): Promise<DataExportView[]> {
  const rows = await db
    .select(viewColumns)
    .from(dataExports)
    .leftJoin(teams, eq(teams.id, dataExports.teamId))
    .where(where)
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
  return rows.map(({ row, teamHandle }) => ({ ...row, teamHandle }));
}

export async function findExportView(db: DbOrTx, id: string): Promise<DataExportView | undefined> {
  return (await selectViews(db, and(eq(dataExports.id, id)), 1))[0];
}

/** One person's exports of their own data, or of one team (team exports list every owner's). */
export const listAccountExports = (db: DbOrTx, agentId: string) =>
  selectViews(db, and(eq(dataExports.kind, 'account'), eq(dataExports.requestedBy, agentId)));
export const listTeamExports = (db: DbOrTx, teamId: string) => selectViews(db, and(eq(dataExports.kind, 'team'), eq(dataExports.teamId, teamId)));

/**
 * Whether this person already has an export of this kind (and team) queued or being built. Two
 * requests at once take turns (a lock per person until the transaction ends), so only one is queued.
 */
export async function hasExportUnderWay(tx: DbOrTx, agentId: string, kind: 'account' | 'team', teamId: string | null): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${agentId}`}))`);
  const rows = await tx
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.requestedBy, agentId),
        eq(dataExports.kind, kind),
        teamId ? eq(dataExports.teamId, teamId) : isNull(dataExports.teamId),
        inArray(dataExports.status, ['queued', 'running']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertExport(tx: DbOrTx, values: { kind: 'account' | 'team'; requestedBy: string; teamId: string | null }): Promise<DataExportRow> {
  const [row] = await tx.insert(dataExports).values(values).returning();
  return row!;
}

/**
 * Leases the oldest due export: a queued one, or a running one whose lease ran out (its node died).
 * SKIP LOCKED, so nodes claiming at once take different rows; the attempt is counted here.
 */
export async function claimDueExport(db: DbOrTx, leaseUntil: Date): Promise<DataExportRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(dataExports)
    .set({ status: 'running', leaseUntil, attempts: sql`${dataExports.attempts} + 1` })
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(or(eq(dataExports.status, 'queued'), and(eq(dataExports.status, 'running'), lte(dataExports.leaseUntil, now))))
          .orderBy(dataExports.createdAt)
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  return row;
}

export async function setExportProgress(db: DbOrTx, id: string, progress: number): Promise<void> {
  await db.update(dataExports).set({ progress }).where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')));
}

export async function markExportReady(db: DbOrTx, id: string, done: { storageKey: string; size: number; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', progress: 100, storageKey: done.storageKey, size: done.size, expiresAt: done.expiresAt, finishedAt: new Date(), leaseUntil: null, error: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** A failed attempt: queued again for another, or failed for good with `error`. */
export async function markExportAttemptFailed(db: DbOrTx, id: string, outcome: { failed: boolean; error: string }): Promise<void> {
  await db
    .update(dataExports)
    .set(outcome.failed ? { status: 'failed', error: outcome.error, finishedAt: new Date(), leaseUntil: null } : { status: 'queued', error: outcome.error, progress: 0, leaseUntil: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')));
}

/** Ready exports past their time: their ZIPs go (the caller deletes the files), the rows stay as 'expired'. */
export async function expireDueExports(db: DbOrTx, limit: number): Promise<{ id: string; requestedBy: string; storageKey: string | null }[]> {
  return db
    .update(dataExports)
    .set({ status: 'expired', downloadTokenHash: null, downloadTokenExpiresAt: null })
    .where(
      inArray(
        dataExports.id,
        db
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, new Date())))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: dataExports.id, requestedBy: dataExports.requestedBy, storageKey: dataExports.storageKey });
}

/** A new link replaces an earlier one (used or not): only the latest token works. */
export async function setDownloadToken(tx: DbOrTx, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await tx.update(dataExports).set({ downloadTokenHash: tokenHash, downloadTokenExpiresAt: expiresAt }).where(eq(dataExports.id, id));
}

/**
 * Uses up a link's token in one conditional statement: of two downloads with the same token one
 * wins. Answers the export, or nothing when the token is wrong, used, expired, or the ZIP is gone.
 */
export async function consumeDownloadToken(tx: DbOrTx, id: string, tokenHash: string): Promise<DataExportRow | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(dataExports)
    .set({ downloadTokenHash: null, downloadTokenExpiresAt: null, downloadedAt: now })
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.downloadTokenHash, tokenHash),
        sql`${dataExports.downloadTokenExpiresAt} > ${now}`,
        eq(dataExports.status, 'ready'),
        sql`${dataExports.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}
