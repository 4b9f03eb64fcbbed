import sharp from 'sharp';
import { AVATAR_ERRORS, AVATAR_MAX_INPUT_PIXELS, AVATAR_MIME_TYPES, AVATAR_SIZE_PX } from '@agentroom/shared';
import { AppError, badRequest } from '../core/app-error';
import { sniffImageType } from '../storage/file-types';

// Each avatar is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

const accepted = new Set<string>(AVATAR_MIME_TYPES);
/** What libvips calls each accepted type, to check its decoder agrees with the sniffed bytes. */
const VIPS_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

const unsupportedAvatarType = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', AVATAR_ERRORS.unsupportedType, { avatar: AVATAR_ERRORS.unsupportedType });
const unreadable = () => badRequest(AVATAR_ERRORS.unreadable, { avatar: AVATAR_ERRORS.unreadable });
const tooManyPixels = () => badRequest(AVATAR_ERRORS.tooManyPixels, { avatar: AVATAR_ERRORS.tooManyPixels });

/**
 * The stored avatar made from uploaded bytes: the type is read from the bytes (magic numbers; the
 * browser's claim is ignored) and must be PNG, JPEG, WebP or GIF (its first frame), else 415; bytes
 * that do not decode, or a picture over the pixel limit, are a 400. The result is a square WebP of
 * AVATAR_SIZE_PX (cover crop, EXIF orientation applied, metadata such as GPS dropped).
 */
export async function renderAvatar(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes.subarray(0, 16));
  if (!type || !accepted.has(type)) throw unsupportedAvatarType();
  try {
    // `pages: 1`: an animated GIF or WebP gives its first frame.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: AVATAR_MAX_INPUT_PIXELS, pages: 1 });
    const meta = await image.metadata();
    if (meta.format !== VIPS_FORMATS[type]) throw unreadable();
    if (!meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > AVATAR_MAX_INPUT_PIXELS) throw tooManyPixels();
    return await image
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips says why in its message; any decoding failure is the file's fault, never a 500.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
}

/**
 * The initials written across the middle of a generated avatar (white, with a soft shadow so they read
 * on any of its colours). Only letters and digits reach here (the route's query schema), escaped all
 * the same.
 */
export function withInitials(svg: string, initials: string): string {
  if (!initials) return svg;
  const text = initials.replace(/[<>&"']/g, '');
  const label =
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${text.length > 1 ? 38 : 44}" font-weight="600" fill="#fff" style="paint-order:stroke" stroke="rgba(0,0,0,0.25)" stroke-width="2">${text}</text>`;
  return svg.replace(/<\/svg>\s*$/, `${label}</svg>`);
}
