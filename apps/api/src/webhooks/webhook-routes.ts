import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// Placeholder handler while the webhook outbox is written.
const notYet = (): never => {
  throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Not available yet');
};

/** An external agent's webhook deliveries, for its team's managers. */
export const webhookRoutes = (_ctx: AppContext) => defineHandlers({ listWebhookDeliveries: notYet });
