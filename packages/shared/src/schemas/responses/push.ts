import { z } from 'zod';
import { ZIsoDateTime } from './users';

/** Web Push (decision 0027): a person's devices. */
export const ZPushDevice = z
  .strictObject({
    id: z.uuid(),
    label: z.string(),
    /** The subscription's endpoint: the web tells "this device" by comparing it with its own. */
    endpoint: z.string(),
    createdAt: ZIsoDateTime,
    lastPushedAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'PushDevice' });
export type TPushDevice = z.infer<typeof ZPushDevice>;

export const ZPushDevicesResponse = z
  .strictObject({
    /** The server's VAPID public key (base64url) for PushManager.subscribe; null when push is off on this server. */
    publicKey: z.string().nullable(),
    devices: z.array(ZPushDevice),
  })
  .meta({ id: 'PushDevices' });
export type TPushDevicesResponse = z.infer<typeof ZPushDevicesResponse>;

export const ZPushDeviceResponse = z.strictObject({ device: ZPushDevice });
export type TPushDeviceResponse = z.infer<typeof ZPushDeviceResponse>;
export const ZPushDeviceRemovedResponse = z.strictObject({ removed: z.literal(true) });
