import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { CHAT_ERRORS, INLINE_IMAGE_MIME_TYPES } from '@agentroom/shared';
import type { AppContext } from '../context';
import { notFound } from '../core/app-error';
import type { AttachmentRow } from '../db/rows';
import { ANSWERED, defineHandlers } from '../http/route-handler';
import * as attachmentsService from './attachment-service';
import { uploadFiles } from './upload-middleware';

const inlineTypes = new Set<string>(INLINE_IMAGE_MIME_TYPES);

function contentDisposition(row: AttachmentRow): string {
  const kind = inlineTypes.has(row.mime) ? 'inline' : 'attachment';
  const ascii = row.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`;
}

async function streamAttachment(ctx: AppContext, res: Response, row: AttachmentRow) {
  const file = await ctx.files.get('uploads', row.storageKey);
  if (!file) throw notFound(CHAT_ERRORS.attachmentNotFound);
  res.status(200);
  res.setHeader('Content-Type', row.mime);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Content-Disposition', contentDisposition(row));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Even if a browser rendered the bytes, they could run nothing.
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  res.setHeader('Cache-Control', 'private, max-age=3600');
  // A download the client cancels ends the pipeline with ECONNRESET or a premature close: the error
  // handler logs that at debug level, not as an error (http/client-abort). A store that fails mid-way
  // ends the response short, logged as a failure after the answer began.
  await pipeline(file.body, res);
}

/** Files attached to messages: uploaded before the message that carries them, downloaded by members or with a signed link. */
export const attachmentRoutes = (ctx: AppContext) =>
  defineHandlers({
    uploadAttachments: {
      // Membership is checked before the upload is read: an outsider's bytes are never stored.
      before: [
        async (req, _res, next) => {
          await attachmentsService.assertCanUpload(ctx, req.auth!.agentId, String(req.params.id));
          next();
        },
        uploadFiles(ctx.files),
      ],
      handle: async ({ auth, params, req }) => {
        const files = Array.isArray(req.files) ? req.files : [];
        return { attachments: await attachmentsService.recordUploads(ctx, auth.agentId, params.id, files) };
      },
    },
    downloadAttachment: async ({ auth, params, query, res }) => {
      const access = query.token !== undefined ? { token: query.token } : { agentId: auth!.agentId };
      const row = await attachmentsService.findDownloadableAttachment(ctx, params.id, access);
      await streamAttachment(ctx, res, row);
      return ANSWERED;
    },
  });
