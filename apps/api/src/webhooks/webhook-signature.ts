import { createHmac } from 'node:crypto';

/**
 * How a webhook POST is signed (version 1), so a receiver can tell it came from us and is fresh:
 *
 *   X-Agentroom-Timestamp: <unix seconds when this attempt was made>
 *   X-Agentroom-Signature: v1=<hex HMAC-SHA256(key = the agent's webhook secret as UTF-8, "<timestamp>.<raw body>")>
 *
 * The secret is the whole `whsec_…` string shown when the agent was seated (or its token rotated).
 * The receiver recomputes the HMAC over the bytes it received (before parsing the JSON), compares in
 * constant time, and refuses a timestamp too far from its clock (replays). Every attempt signs anew
 * with its own timestamp; `X-Agentroom-Delivery` stays the same across retries, so receivers dedupe
 * by it. The `v1=` prefix lets a later scheme sit beside this one. A receiver's copy of the check is
 * `verifyWebhookSignature` in packages/testkit/src/webhook-signature.ts.
 */
const SIGNATURE_VERSION = 'v1';

function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `${SIGNATURE_VERSION}=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Every header of one attempt's POST. */
export function webhookHeaders(input: { secret: string; event: string; deliveryId: string; rawBody: string; now?: Date }): Record<string, string> {
  const timestamp = Math.floor((input.now ?? new Date()).getTime() / 1000);
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Agentroom-Webhooks/1',
    'X-Agentroom-Event': input.event,
    'X-Agentroom-Delivery': input.deliveryId,
    'X-Agentroom-Timestamp': String(timestamp),
    'X-Agentroom-Signature': signWebhook(input.secret, timestamp, input.rawBody),
  };
}
