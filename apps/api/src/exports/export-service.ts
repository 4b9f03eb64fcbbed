import { createHash, randomBytes } from 'node:crypto';
import { GOVERNANCE_ERRORS, type TDataExport, type TExportLinkResponse } from '@agentroom/shared';
import { recordAudit } from '../audit/audit-repo';
import type { AppContext } from '../context';
import { AppError, conflict, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { assertTeamOwner } from '../teams/team-access';
import { presentExport } from './export-presenter';
import * as repo from './export-repo';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const gone = (message: string) => new AppError(410, 'LINK_EXPIRED', message);

/** Queues an export (one under way per person per kind and team), with its audit row, and wakes the worker. */
async function requestExport(ctx: AppContext, agentId: string, kind: 'account' | 'team', team: { id: string; handle: string; name: string } | null) {
  const row = await inTransaction(ctx.db, async (tx) => {
    if (await repo.hasExportUnderWay(tx, agentId, kind, team?.id ?? null)) throw conflict(GOVERNANCE_ERRORS.exportRunning);
    const created = await repo.insertExport(tx, { kind, requestedBy: agentId, teamId: team?.id ?? null });
    await recordAudit(tx, {
      actor: agentId,
      teamId: team?.id ?? null,
      action: 'export.requested',
      target: team ? { kind: 'team', id: team.id, name: team.name } : undefined,
      details: { kind },
    });
    ctx.events.publish('exports.queued', {});
    return created;
  });
  return presentExport({ ...row, teamHandle: team?.handle ?? null });
}

export const requestMyExport = (ctx: AppContext, agentId: string) => requestExport(ctx, agentId, 'account', null);

export async function requestTeamExport(ctx: AppContext, agentId: string, handle: string): Promise<TDataExport> {
  const { team } = await assertTeamOwner(ctx.db, handle, agentId);
  return requestExport(ctx, agentId, 'team', team);
}

export async function listMyExports(ctx: AppContext, agentId: string): Promise<TDataExport[]> {
  return (await repo.listAccountExports(ctx.db, agentId)).map(presentExport);
}

export async function listTeamExports(ctx: AppContext, agentId: string, handle: string): Promise<TDataExport[]> {
  const { team } = await assertTeamOwner(ctx.db, handle, agentId);
  return (await repo.listTeamExports(ctx.db, team.id)).map(presentExport);
}

/** A single-use link for one's own ready export; a new one replaces an earlier one. */
export async function createExportLink(ctx: AppContext, agentId: string, id: string): Promise<TExportLinkResponse> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.findExportView(tx, id);
    if (!row || row.requestedBy !== agentId) throw notFound(GOVERNANCE_ERRORS.exportNotFound);
    if (row.status === 'expired' || (row.status === 'ready' && row.expiresAt && row.expiresAt <= new Date())) throw gone(GOVERNANCE_ERRORS.exportExpired);
    if (row.status !== 'ready') throw conflict(GOVERNANCE_ERRORS.exportNotReady);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ctx.config.exports.linkTtlMs);
    await repo.setDownloadToken(tx, id, sha256(token), expiresAt);
    return { url: `/api/v1/exports/${id}/download?token=${token}`, expiresAt: expiresAt.toISOString() };
  });
}

export interface Download {
  storageKey: string;
  filename: string;
}

/** Uses up a link's token (a second use, a wrong or stale token: 410) and names the ZIP to stream. */
export async function consumeDownload(ctx: AppContext, id: string, token: string): Promise<Download> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.consumeDownloadToken(tx, id, sha256(token));
    if (!row?.storageKey) throw gone(GOVERNANCE_ERRORS.exportLinkUsed);
    const view = await repo.findExportView(tx, id);
    await recordAudit(tx, {
      actor: row.requestedBy,
      teamId: row.teamId,
      action: 'export.downloaded',
      target: view?.teamHandle && row.teamId ? { kind: 'team', id: row.teamId, name: view.teamHandle } : undefined,
      details: { kind: row.kind, exportId: row.id },
    });
    // Every tab of the requester shows "Last downloaded" once the bytes are asked for, not when the
    // link was made: the page that pressed Download cannot tell when the browser used the link.
    if (view) ctx.events.publish('export.updated', { agentId: row.requestedBy, export: presentExport(view) });
    const day = new Date().toISOString().slice(0, 10);
    const filename = view?.teamHandle ? `agentroom-${view.teamHandle}-export-${day}.zip` : `agentroom-export-${day}.zip`;
    return { storageKey: row.storageKey, filename };
  });
}
