import { z } from 'zod';

/** Web Push (decision 0027): a device's subscription as the browser's PushManager gives it. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'Must be base64url' });

export const ZAddPushDeviceRequest = z.strictObject({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'endpoint must be an https URL' })
    .max(2048),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(100) }),
  /** How the device is listed; the server names it from the user agent when absent. */
  label: z.string().trim().max(80).optional(),
});
export type TAddPushDeviceRequest = z.input<typeof ZAddPushDeviceRequest>;

export const ZPushDeviceParams = z.object({ id: z.uuid({ error: 'Device not found' }) });
