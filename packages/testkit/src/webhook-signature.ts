import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of an Agentroom webhook (signing scheme v1, apps/api/src/webhooks/webhook-signature.ts),
 * written to be copied into a receiver: only node:crypto.
 *
 * `headers` by lower-case name (Node's `req.headers`); `rawBody` the bytes as received, before any
 * JSON parsing; `toleranceSeconds` how far the timestamp may be from the receiver's clock (e.g. 300).
 * True when `X-Agentroom-Signature` holds `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`
 * for the `X-Agentroom-Timestamp` sent, and that timestamp is fresh.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string | Buffer,
  toleranceSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const timestamp = one('x-agentroom-timestamp');
  const signature = one('x-agentroom-signature');
  if (!timestamp || !/^\d+$/.test(timestamp) || !signature) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest('hex');
  // A header may carry several schemes (a later one beside v1): any v1 match passes.
  return signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'utf8');
      const wanted = Buffer.from(expected, 'utf8');
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    });
}
