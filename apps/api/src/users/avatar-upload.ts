import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AVATAR_ERRORS, AVATAR_MAX_BYTES, AVATAR_UPLOAD_FIELD } from '@agentroom/shared';
import { AppError, badRequest } from '../core/app-error';

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', AVATAR_ERRORS.tooLarge, { avatar: AVATAR_ERRORS.tooLarge });

/** Multer's errors as envelope errors: 413 too large, 400 for a second file or anything else wrong with the form. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge();
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE')
      return badRequest(AVATAR_ERRORS.oneFile, { avatar: AVATAR_ERRORS.oneFile });
    return badRequest(`Invalid upload: ${error.message}`);
  }
  return badRequest(`Invalid upload: ${error instanceof Error ? error.message : 'malformed form'}`);
}

/**
 * Reads one image from the multipart field `avatar` into memory (at most AVATAR_MAX_BYTES; it is
 * resized and stored by the service, the original is never kept). The declared content type is not
 * looked at: the bytes are sniffed later.
 */
export function uploadAvatar(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  }).single(AVATAR_UPLOAD_FIELD);
  return (req, res, next) => upload(req, res, (error?: unknown) => (error ? next(toAppError(error)) : next()));
}

/** The uploaded bytes, or 400 when the request carried no file. */
export function uploadedAvatarBytes(req: Request): Buffer {
  if (!req.file?.buffer?.length) throw badRequest(AVATAR_ERRORS.noFile, { avatar: AVATAR_ERRORS.noFile });
  return req.file.buffer;
}
