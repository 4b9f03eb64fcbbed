import type { TAddPushDeviceRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';

/** The person's push devices (decision 0027): one Web Push subscription per browser they turned push on in. */
export const pushApi = {
  list: () => call(routes.listPushDevices),
  add: (body: TAddPushDeviceRequest) => call(routes.addPushDevice, { body }).then((d) => d.device),
  remove: (id: string) => call(routes.removePushDevice, { params: { id } }),
};

export const PUSH_DEVICES_KEY = ['push-devices'] as const;
