import { ECDH } from 'node:crypto';
import { VALIDATION, type TAddPushDeviceRequest, type TPushDevice, type TPushDevicesResponse } from '@agentroom/shared';
import type { Request } from 'express';
import type { AppContext } from '../context';
import { AppError, badRequest, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { deviceName } from '../account/device-name';
import { lockAccount } from '../users/users-repo';
import { checkPushEndpoint, PushEndpointRefused } from './push-endpoint';
import { deletePushDevice, dropOldestPushDevices, findPushDevices, upsertPushDevice, type PushDeviceRow } from './push-repo';

/**
 * Devices an account keeps. Past it the oldest is dropped rather than the new one refused: a browser
 * whose site data was cleared subscribes anew while its dead subscription stays listed until a push
 * to it fails, so a person who never opens the list would otherwise find push broken on the device
 * in their hand. The one they just turned on always works.
 */
const MAX_PUSH_DEVICES = 20;

const PUSH_DEVICE_ERRORS = {
  notFound: 'Device not found',
  badKey: 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)',
  badAuth: 'keys.auth must be a 16-byte secret (base64url)',
  pushOff: 'Push notifications are off on this server',
} as const;

const present = (row: PushDeviceRow): TPushDevice => ({
  id: row.id,
  label: row.label,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
});

/** GET /users/me/push-devices */
export async function listPushDevices(ctx: AppContext, accountId: string): Promise<TPushDevicesResponse> {
  const rows = await findPushDevices(ctx.db, accountId);
  return { publicKey: ctx.config.push.vapid?.publicKey ?? null, devices: rows.map(present) };
}

/** The browser's key must be a point on P-256 (the push is encrypted to it) and the auth secret 16 bytes. */
function checkKeys({ p256dh, auth }: { p256dh: string; auth: string }): void {
  const key = Buffer.from(p256dh, 'base64url');
  let onCurve = key.length === 65 && key[0] === 4;
  if (onCurve) {
    try {
      ECDH.convertKey(key, 'prime256v1');
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) throw badRequest(PUSH_DEVICE_ERRORS.badKey, { 'keys.p256dh': PUSH_DEVICE_ERRORS.badKey });
  if (Buffer.from(auth, 'base64url').length !== 16) throw badRequest(PUSH_DEVICE_ERRORS.badAuth, { 'keys.auth': PUSH_DEVICE_ERRORS.badAuth });
}

/** POST /users/me/push-devices: this device's subscription, stored under the caller (see upsertPushDevice). */
export async function addPushDevice(ctx: AppContext, accountId: string, input: TAddPushDeviceRequest, req: Request): Promise<TPushDevice> {
  if (!ctx.config.push.vapid) throw new AppError(409, 'CONFLICT', PUSH_DEVICE_ERRORS.pushOff);
  const label = input.label?.trim() || deviceName(req.get('user-agent'));
  for (const [field, value] of [['endpoint', input.endpoint], ['label', label]] as const)
    if (value.includes('\u0000')) throw badRequest(VALIDATION.noNulCharacters, { [field]: VALIDATION.noNulCharacters });
  checkKeys(input.keys);
  try {
    await checkPushEndpoint(input.endpoint, ctx.config.push.allowedHosts);
  } catch (error) {
    if (error instanceof PushEndpointRefused) throw badRequest(error.message, { endpoint: error.message });
    throw error;
  }
  const row = await inTransaction(ctx.db, async (tx) => {
    // One subscribe at a time per account, so the count below holds.
    await lockAccount(tx, accountId);
    const stored = await upsertPushDevice(tx, { accountId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label });
    await dropOldestPushDevices(tx, accountId, MAX_PUSH_DEVICES);
    return stored;
  });
  return present(row);
}

/** DELETE /users/me/push-devices/:id: one's own only (another's id is as unknown as a missing one). */
export async function removePushDevice(ctx: AppContext, accountId: string, id: string): Promise<void> {
  if (!(await deletePushDevice(ctx.db, accountId, id))) throw notFound(PUSH_DEVICE_ERRORS.notFound);
}
