import { EXTERNAL_AGENT_ERRORS, type TWebhookDelivery } from '@agentroom/shared';
import type { AppContext } from '../context';
import { notFound } from '../core/app-error';
import type { WebhookDeliveryRow } from '../db/rows';
import { defineHandlers } from '../http/route-handler';
import { assertTeamManager } from '../teams/team-access';
import { isExternalAgentOfTeam, latestDeliveries } from './webhook-deliveries-repo';

const SHOWN = 50;

/** A delivery as managers see it: never its payload (they read the messages in the product), and a next attempt only while one is due. */
const presentDelivery = (row: WebhookDeliveryRow): TWebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});

/** An external agent's webhook deliveries, for its team's managers (owners and admins). */
export const webhookRoutes = (ctx: AppContext) =>
  defineHandlers({
    listWebhookDeliveries: async ({ params, auth }) => {
      const { team } = await assertTeamManager(ctx.db, params.handle, auth.agentId);
      if (!(await isExternalAgentOfTeam(ctx.db, team.id, params.agent))) throw notFound(EXTERNAL_AGENT_ERRORS.notFound);
      const rows = await latestDeliveries(ctx.db, params.agent, SHOWN);
      return { deliveries: rows.map(presentDelivery) };
    },
  });
