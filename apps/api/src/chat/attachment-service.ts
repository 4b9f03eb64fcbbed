import { rm } from 'node:fs/promises';
import { CHAT_ERRORS, isUuid, type TChatAttachment } from '@agentroom/shared';
import type { AppContext } from '../context';
import { AppError, badRequest, forbidden, notFound } from '../core/app-error';
import { assertConversationParticipant } from './chat-access';
import { contentMatchesType } from '../storage/file-types';
import { cleanFilename } from './attachment-filenames';
import { findAttachment, insertAttachments } from './attachments-repo';
import { presentAttachment } from './chat-presenters';
import { verifyDownloadToken } from './download-tokens';

/** Checked before the upload body is read, so a non-participant's bytes never reach the disk. */
export async function assertCanUpload(ctx: AppContext, agentId: string, conversationId: string) {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
}

/** Puts received files into file storage; on any failure none of them stays there. */
async function storeUploads(ctx: AppContext, files: Express.Multer.File[]) {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await ctx.files.put('uploads', file.filename, { file: file.path }, file.mimetype);
      stored.push(file.filename);
    }
  } catch (error) {
    await Promise.all(stored.map((key) => ctx.files.delete('uploads', key).catch(() => undefined)));
    throw error;
  }
}

/** Records uploaded files as attachments of the conversation; `attachmentIds` of a later send claim them. */
export async function recordUploads(
  ctx: AppContext,
  agentId: string,
  conversationId: string,
  files: Express.Multer.File[],
): Promise<TChatAttachment[]> {
  // What multer wrote to this node's incoming folder goes, whatever happens below.
  try {
    if (files.length === 0) throw badRequest(CHAT_ERRORS.noFiles, { files: CHAT_ERRORS.noFiles });
    for (const file of files) {
      if (!(await contentMatchesType(file.path, file.mimetype)))
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', CHAT_ERRORS.unsupportedFileType, {
          files: `${cleanFilename(file.originalname)} is not a valid ${file.mimetype} file`,
        });
    }
    await storeUploads(ctx, files);
  } finally {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  }
  try {
    const rows = await insertAttachments(
      ctx.db,
      files.map((file) => ({
        conversationId,
        uploaderAgentId: agentId,
        filename: cleanFilename(file.originalname),
        mime: file.mimetype,
        size: file.size,
        storageKey: file.filename,
      })),
    );
    return rows.map((row) => presentAttachment(row, ctx.config.jwtSecret));
  } catch (error) {
    await Promise.all(files.map((file) => ctx.files.delete('uploads', file.filename).catch(() => undefined)));
    throw error;
  }
}

/**
 * The attachment for a download: with a signed token (for <img src>) the token is the permission;
 * otherwise the signed-in caller must be a participant of its conversation. Unknown → 404.
 */
export async function findDownloadableAttachment(
  ctx: AppContext,
  attachmentId: string,
  access: { token: string } | { agentId: string },
) {
  if (!isUuid(attachmentId)) throw notFound(CHAT_ERRORS.attachmentNotFound);
  if ('token' in access && !verifyDownloadToken(ctx.config.jwtSecret, attachmentId, access.token))
    throw forbidden(CHAT_ERRORS.invalidDownloadLink);
  const row = await findAttachment(ctx.db, attachmentId);
  if (!row) throw notFound(CHAT_ERRORS.attachmentNotFound);
  if ('agentId' in access) {
    try {
      await assertConversationParticipant(ctx.db, row.conversationId, access.agentId);
    } catch {
      throw notFound(CHAT_ERRORS.attachmentNotFound);
    }
    // Someone else's upload that was never sent stays private to its uploader.
    if (!row.messageId && row.uploaderAgentId !== access.agentId) throw notFound(CHAT_ERRORS.attachmentNotFound);
  }
  return row;
}
