import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { addPushDevice, listPushDevices, removePushDevice } from './push-devices';

/** A person's push devices (decision 0027). */
export const pushRoutes = (ctx: AppContext) =>
  defineHandlers({
    listPushDevices: ({ auth }) => listPushDevices(ctx, auth.accountId),
    addPushDevice: async ({ auth, body, req }) => ({ device: await addPushDevice(ctx, auth.accountId, body, req) }),
    removePushDevice: async ({ auth, params }) => {
      await removePushDevice(ctx, auth.accountId, params.id);
      return { removed: true as const };
    },
  });
