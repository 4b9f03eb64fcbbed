import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { startPollLoop } from '../core/poll-loop';
import type { DbOrTx } from '../db/client';
import { inTransaction } from '../core/transaction';
import { translatorFor } from '../core/translate';
import { enqueueMail } from '../mail/outbox-repo';
import { exportReadyMail } from '../mail/templates';
import { buildPersonalExport, buildTeamExport } from './export-builder';
import { findRecipient, findTeam } from './export-content-sql';
import { presentExport } from './export-presenter';
import { claimDueExport, expireDueExports, findExportView, markExportAttemptFailed, markExportReady, setExportProgress, type DataExportRow } from './export-repo';
import { createZipWriter } from './zip-writer';

/** Builds are retried this often (a node that died mid-build counts as an attempt), then the export fails. */
const MAX_ATTEMPTS = 3;
/** A build holds its lease this long; a longer one would be taken over by another node. */
const LEASE_MS = 30 * 60_000;
const EXPIRE_BATCH = 20;

export interface ExportWorker {
  kick(): void;
  /** Builds every due export and deletes expired ZIPs now; answers how many exports it finished or expired (tests). */
  runOnce(): Promise<number>;
  /** Stops building on its own (kicks and polls): only `runOnce` builds afterwards (tests that look at a queued export). */
  pause(): Promise<void>;
  stop(): Promise<void>;
}

async function publishExport(ctx: AppContext, id: string) {
  const view = await findExportView(ctx.db, id);
  if (view) ctx.events.publish('export.updated', { agentId: view.requestedBy, export: presentExport(view) });
}

async function removeFile(ctx: AppContext, storageKey: string | null) {
  if (storageKey) await ctx.files.delete('exports', storageKey).catch((error: unknown) => ctx.logger.warn({ err: error, storageKey }, 'could not delete an export'));
}

/** The mail that says it is ready, in the requester's language, linking to where exports are downloaded. */
async function queueReadyMail(ctx: AppContext, tx: DbOrTx, row: DataExportRow, teamHandle: string | null) {
  const recipient = await findRecipient(tx, row.requestedBy);
  if (!recipient) return;
  const team = row.teamId ? await findTeam(tx, row.teamId) : undefined;
  const url = teamHandle ? `${ctx.config.appUrl}/t/${encodeURIComponent(teamHandle)}/settings/export` : `${ctx.config.appUrl}/account/data`;
  await enqueueMail(tx, recipient.email, exportReadyMail(translatorFor(recipient.locale), recipient.name, url, team ? String(team.name) : undefined));
}

/** Writes the ZIP into this node's incoming folder, then puts it into file storage; answers its size. */
async function writeZip(ctx: AppContext, row: DataExportRow, storageKey: string, progress: (percent: number) => Promise<void>): Promise<number> {
  const filePath = path.join(ctx.files.tempDir, storageKey);
  const zip = createZipWriter(filePath);
  try {
    await progress(5);
    if (row.kind === 'team' && row.teamId) await buildTeamExport(ctx.db, ctx.files, zip, { id: row.teamId, agentId: row.requestedBy }, progress);
    else await buildPersonalExport(ctx.db, ctx.files, zip, row.requestedBy, progress);
    await zip.finish();
    const { size } = await stat(filePath);
    await ctx.files.put('exports', storageKey, { file: filePath }, 'application/zip');
    return size;
  } catch (error) {
    zip.abort();
    throw error;
  } finally {
    await rm(filePath, { force: true });
  }
}

async function build(ctx: AppContext, row: DataExportRow) {
  const storageKey = `${row.id}-${randomUUID()}.zip`;
  let last = -1;
  const progress = async (percent: number) => {
    if (percent <= last) return;
    last = percent;
    await setExportProgress(ctx.db, row.id, percent);
    await publishExport(ctx, row.id);
  };
  const size = await writeZip(ctx, row, storageKey, progress);
  const view = await findExportView(ctx.db, row.id);
  const ready = await inTransaction(ctx.db, async (tx) => {
    if (!(await markExportReady(tx, row.id, { storageKey, size, expiresAt: new Date(Date.now() + ctx.config.exports.ttlMs) }))) return false;
    await queueReadyMail(ctx, tx, row, view?.teamHandle ?? null);
    ctx.events.publish('mail.queued', {});
    return true;
  });
  // Another node took it over meanwhile (this lease ran out): its ZIP counts, this one goes.
  if (!ready) await removeFile(ctx, storageKey);
  await publishExport(ctx, row.id);
}

/** One export: built, or its attempt recorded as failed (for good after MAX_ATTEMPTS). */
async function runExport(ctx: AppContext, row: DataExportRow) {
  if (row.attempts > MAX_ATTEMPTS) {
    await markExportAttemptFailed(ctx.db, row.id, { failed: true, error: `The export could not be built after ${MAX_ATTEMPTS} attempts` });
    await publishExport(ctx, row.id);
    return;
  }
  try {
    await build(ctx, row);
  } catch (error) {
    ctx.logger.warn({ err: error, exportId: row.id, attempts: row.attempts }, 'export build failed');
    const failed = row.attempts >= MAX_ATTEMPTS;
    await markExportAttemptFailed(ctx.db, row.id, { failed, error: failed ? `The export could not be built after ${MAX_ATTEMPTS} attempts` : 'The export failed and is tried again' });
    await publishExport(ctx, row.id);
  }
}

/** Ready exports past their time lose their ZIP; the rows stay, as 'expired'. */
async function expireExports(ctx: AppContext): Promise<number> {
  const expired = await expireDueExports(ctx.db, EXPIRE_BATCH);
  for (const row of expired) {
    await removeFile(ctx, row.storageKey);
    await publishExport(ctx, row.id);
  }
  return expired.length;
}

/** One pass: expires what is due and builds one export. Answers how many exports it moved on. */
async function exportPass(ctx: AppContext): Promise<number> {
  let moved = await expireExports(ctx);
  const claimed = await claimDueExport(ctx.db, new Date(Date.now() + LEASE_MS));
  if (claimed) {
    await runExport(ctx, claimed);
    moved += 1;
  }
  return moved;
}

/**
 * Builds data exports (decision 0028) in the background: claims one due export at a time (SKIP LOCKED
 * and a lease, so several nodes share the work and a dead node's build is taken over), writes its ZIP
 * into file storage with a few progress updates, then marks it ready and mails the requester. Kicked
 * when an export is asked for; polls EXPORT_POLL_MS for the rest. Started in server.ts.
 */
export function startExportWorker(ctx: AppContext): ExportWorker {
  let paused = false;
  let finished = 0;
  const pass = async () => {
    const moved = await exportPass(ctx);
    finished += moved;
    return moved > 0;
  };
  const loop = startPollLoop({
    pollMs: ctx.config.exports.pollMs,
    pass: async () => !paused && (await pass()),
    onError: (error) => ctx.logger.warn({ err: error }, 'export pass failed'),
  });
  return {
    kick: () => loop.kick(),
    async runOnce() {
      const before = finished;
      await loop.idle();
      if (paused) while (await pass());
      else await loop.sweepNow();
      return finished - before;
    },
    async pause() {
      paused = true;
      await loop.idle();
    },
    stop: () => loop.stop(),
  };
}
