import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import * as pinService from './pin-service';
import * as savedService from './saved-service';

/** Pins (for everyone in a conversation) and saved messages (for oneself); decision 0026. */
export const pinRoutes = (ctx: AppContext) =>
  defineHandlers({
    listPins: ({ auth, params }) => pinService.listPins(ctx, auth.agentId, params.id),
    pinMessage: ({ auth, params }) => pinService.pinMessage(ctx, auth.agentId, params.id),
    unpinMessage: ({ auth, params }) => pinService.unpinMessage(ctx, auth.agentId, params.id),
    listSavedMessages: ({ auth, query }) => savedService.listSavedMessages(ctx, auth.agentId, query),
    saveMessage: ({ auth, params }) => savedService.saveMessage(ctx, auth.agentId, params.id),
    unsaveMessage: ({ auth, params }) => savedService.unsaveMessage(ctx, auth.agentId, params.id),
  });
