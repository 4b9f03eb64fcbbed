import { z } from 'zod';
/**
 * Uploaded avatars: a person's own and an AI agent's. The server sniffs the bytes, accepts
 * these image types only, and stores a square WebP served from our own origin (the CSP blocks outside
 * images, so external avatar URLs are not accepted anywhere).
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Larger pictures (in pixels) are refused before decoding: a small file may unpack to a huge image. */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
/** The stored avatar is this many pixels square (cover crop), WebP. */
export const AVATAR_SIZE_PX = 256;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The multipart field the upload reads. */
export const AVATAR_UPLOAD_FIELD = 'avatar';

export const AVATAR_ERRORS = {
  noFile: 'Choose an image to upload',
  tooLarge: `The image must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB`,
  unsupportedType: 'The avatar must be a PNG, JPEG, WebP or GIF image',
  unreadable: 'This image could not be read. Try another file.',
  tooManyPixels: 'This image is too large in pixels. Try a smaller one.',
  oneFile: 'Upload one image at a time',
  notFound: 'Avatar not found',
  externalUrl: 'External avatar URLs are not supported: upload an image instead',
} as const;

const AVATARS_PATH = '/api/v1/avatars';
const UPLOADED_AVATAR_PATTERN = /^\/api\/v1\/avatars\/i\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\.webp$/;
const GENERATED_AVATAR_PATTERN = /^\/api\/v1\/avatars\/[A-Za-z0-9_.@-]{1,80}\.svg(\?initials=[A-Za-z0-9%]{1,40})?$/;

/** What a generated avatar may write on itself: one or two letters or digits (any script). */
export const AVATAR_INITIALS_PATTERN = /^[\p{L}\p{N}]{1,2}$/u;

/**
 * The initials of a name, so people are told apart at a glance ("Maya Lee" → "ML", "marlow" → "M"):
 * the first letter or digit of its first and last words. The generated avatar and the web's
 * fallback avatar both use this rule. Empty when the name has no letter or digit.
 */
export function initialsOf(name: string): string {
  const firsts = name
    .split(/\s+/)
    .map((word) => Array.from(word.replace(/[^\p{L}\p{N}]/gu, ''))[0])
    .filter((letter): letter is string => Boolean(letter));
  const picked = firsts.length > 1 ? [firsts[0]!, firsts.at(-1)!] : firsts;
  return picked.join('').toLocaleUpperCase();
}

/** A generated avatar's address with these initials written on it (none when they are not one or two letters or digits). */
export const withAvatarInitials = (generatedUrl: string, initials: string) =>
  `${generatedUrl.split('?')[0]}${AVATAR_INITIALS_PATTERN.test(initials) ? `?initials=${encodeURIComponent(initials)}` : ''}`;

/** A generated avatar's address: the seed picks its look, the initials (when any) are written on it. */
export const generatedAvatarUrl = (seed: string, initials: string) => withAvatarInitials(`${AVATARS_PATH}/${encodeURIComponent(seed)}.svg`, initials);

/** GET /avatars/:seed.svg?initials=ML */
export const ZGeneratedAvatarQuery = z.object({ initials: z.string().regex(AVATAR_INITIALS_PATTERN).optional() });

/** Where an uploaded avatar is served: a random (v4) id, so the address cannot be guessed. */
export const uploadedAvatarUrl = (id: string) => `${AVATARS_PATH}/i/${id}.webp`;

/** The id of an uploaded avatar's address, or undefined for anything else. */
export const uploadedAvatarIdOf = (url: string | null | undefined): string | undefined =>
  (url ? UPLOADED_AVATAR_PATTERN.exec(url)?.[1] : undefined) ?? undefined;

/** A generated avatar of ours: /api/v1/avatars/<seed>.svg */
export const isGeneratedAvatarUrl = (url: string) => GENERATED_AVATAR_PATTERN.test(url);

/** An avatar address we serve ourselves (generated or uploaded); anything else is never shown. */
export const isOwnAvatarUrl = (url: string | null | undefined): url is string =>
  !!url && (isGeneratedAvatarUrl(url) || uploadedAvatarIdOf(url) !== undefined);
