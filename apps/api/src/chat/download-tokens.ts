import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_S = 60 * 60;

const signature = (secret: string, attachmentId: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`attachment:${attachmentId}:${expiresAt}`).digest('base64url');

/**
 * A download token for one attachment, `<expiry>.<hmac>`, so an <img src> works without the bearer
 * header. The expiry is rounded up to the next hour (valid 1–2 h) so URLs stay stable for caching.
 */
export function signDownloadToken(secret: string, attachmentId: string, now = Date.now()): string {
  const expiresAt = (Math.ceil(now / 1000 / HOUR_S) + 1) * HOUR_S;
  return `${expiresAt}.${signature(secret, attachmentId, expiresAt)}`;
}

export function verifyDownloadToken(secret: string, attachmentId: string, token: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, attachmentId, expiresAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const attachmentPath = (attachmentId: string) => `/api/v1/chat/attachments/${attachmentId}`;

export function signedAttachmentUrl(secret: string, attachmentId: string): string {
  return `${attachmentPath(attachmentId)}?token=${signDownloadToken(secret, attachmentId)}`;
}
