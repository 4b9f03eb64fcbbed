import { AppError } from '../core/app-error';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';

const notYet = (): never => {
  throw new AppError(501, 'INTERNAL', 'Not built yet');
};

/** A person's push devices (decision 0027). */
export const pushRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listPushDevices: notYet,
    addPushDevice: notYet,
    removePushDevice: notYet,
  });
