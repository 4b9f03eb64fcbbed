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
const GENERATED_AVATAR_PATTERN = /^\/api\/v1\/avatars\/[A-Za-z0-9_.@-]{1,80}\.svg$/;

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
