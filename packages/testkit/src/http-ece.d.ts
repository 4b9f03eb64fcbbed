/** The part of `http_ece` (Encrypted Content-Encoding, RFC 8188) the push receiver uses; the package ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's ECDH key pair (the subscription's p256dh is its public half). */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret, as bytes or base64url. */
    authSecret: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
