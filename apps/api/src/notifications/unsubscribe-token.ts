import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@agentroom/shared';

const ID_BYTES = 16;
const MAC_BYTES = 32;

/** A key of its own, derived from the server secret: an unsubscribe token is never a valid JWT signature, nor the reverse. */
const keyOf = (secret: string) => createHmac('sha256', secret).update('agentroom:unsubscribe-link:v1').digest();

const macOf = (secret: string, id: Buffer) => createHmac('sha256', keyOf(secret)).update(id).digest();

/**
 * The token of an unread-mail's unsubscribe link: the account id and an HMAC-SHA256 of it under a key
 * derived from JWT_SECRET, base64url. It needs no storage: checking it recomputes the MAC, and nobody
 * without the secret can make one for another account (256 bits, compared in constant time). It never
 * expires and needs no revoking because all it can do is turn these emails off, which the person
 * can undo in the app; a new JWT_SECRET retires every link (they then answer 400).
 */
export function unsubscribeToken(accountId: string, secret: string): string {
  const id = Buffer.from(accountId.replace(/-/g, ''), 'hex');
  return Buffer.concat([id, macOf(secret, id)]).toString('base64url');
}

/** The account id a token was made for, or undefined when the token is not one of ours. */
export function accountOfUnsubscribeToken(token: string, secret: string): string | undefined {
  const bytes = Buffer.from(token, 'base64url');
  // Only the one spelling we write: Node's decoder skips stray characters and trailing bits.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return undefined;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), macOf(secret, id))) return undefined;
  const hex = id.toString('hex');
  const accountId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(accountId) ? accountId : undefined;
}
