import type { RequestHandler } from 'express';
import multer from 'multer';
import { v7 as uuidv7 } from 'uuid';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENT_MIME_TYPES, CHAT_ERRORS } from '@agentroom/shared';
import { AppError, badRequest } from '../core/app-error';
import type { FileStorage } from '../storage/file-storage';

const allowed = new Set<string>(ATTACHMENT_MIME_TYPES);

const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', CHAT_ERRORS.fileTooLarge, {
    files: `Each file must be at most ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`,
  });

/** Multer's errors as envelope errors: 413 too large, 415 wrong type, 400 anything else about the form. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge();
    if (error.code === 'LIMIT_FILE_COUNT')
      return badRequest(CHAT_ERRORS.tooManyFiles, { files: `At most ${ATTACHMENT_MAX_FILES} files per upload` });
    return badRequest(`Invalid upload: ${error.message}`);
  }
  return badRequest(`Invalid upload: ${error instanceof Error ? error.message : 'malformed form'}`);
}

/**
 * Parses a multipart upload (any field name, e.g. `files`) into this node's incoming folder under a
 * random name, its storage key; `recordUploads` checks the bytes and puts them into file storage.
 * Multer removes what it wrote when the request fails part-way.
 */
export function uploadFiles(files: FileStorage): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => cb(null, files.tempDir),
      filename: (_req, _file, cb) => cb(null, uuidv7()),
    }),
    // Browsers send UTF-8 file names without declaring a charset.
    defParamCharset: 'utf8',
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 20, parts: 40 },
    fileFilter: (_req, file, cb) => {
      if (allowed.has(file.mimetype)) cb(null, true);
      else cb(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', CHAT_ERRORS.unsupportedFileType, { files: `${file.mimetype} is not allowed` }));
    },
  }).any();
  return (req, res, next) => upload(req, res, (error?: unknown) => (error ? next(toAppError(error)) : next()));
}
