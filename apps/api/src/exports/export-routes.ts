import { pipeline } from 'node:stream/promises';
import { GOVERNANCE_ERRORS } from '@agentroom/shared';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { ANSWERED, defineHandlers } from '../http/route-handler';
import * as exportsService from './export-service';

/** Exports of one's own data and of a team (decision 0028). */
export const exportRoutes = (ctx: AppContext) =>
  defineHandlers({
    listMyExports: async ({ auth }) => ({ exports: await exportsService.listMyExports(ctx, auth.agentId) }),
    requestMyExport: async ({ auth }) => ({ export: await exportsService.requestMyExport(ctx, auth.agentId) }),
    listTeamExports: async ({ auth, params }) => ({ exports: await exportsService.listTeamExports(ctx, auth.agentId, params.handle) }),
    requestTeamExport: async ({ auth, params }) => ({ export: await exportsService.requestTeamExport(ctx, auth.agentId, params.handle) }),
    createExportLink: async ({ auth, params }) => exportsService.createExportLink(ctx, auth.agentId, params.id),
    downloadExport: async ({ params, query, res }) => {
      const { storageKey, filename } = await exportsService.consumeDownload(ctx, params.id, query.token);
      const file = await ctx.files.get('exports', storageKey);
      // The token is used up either way: the ZIP went with an expiry that raced this download.
      if (!file) throw new AppError(410, 'LINK_EXPIRED', GOVERNANCE_ERRORS.exportExpired);
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Length', String(file.size));
      res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      await pipeline(file.body, res);
      return ANSWERED;
    },
  });
