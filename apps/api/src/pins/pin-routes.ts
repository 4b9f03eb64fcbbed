import { AppError } from '../core/app-error';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead scaffold): replaced by the pins and saved-messages work of issue 26.
const notYet = () => {
  throw new AppError(501, 'INTERNAL', 'Not built yet');
};

/** Pins (for everyone in a conversation) and saved messages (for oneself); decision 0026. */
export const pinRoutes = (ctx: AppContext) => {
  void ctx;
  return defineHandlers({ listPins: notYet, pinMessage: notYet, unpinMessage: notYet, listSavedMessages: notYet, saveMessage: notYet, unsaveMessage: notYet });
};
