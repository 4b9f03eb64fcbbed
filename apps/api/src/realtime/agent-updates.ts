import { agentRoomOf } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DomainEventBus } from '../core/domain-events';
import { agentUpdateAudience } from './presence-audience-repo';
import { agentRooms } from './rooms';
import type { AppSocketServer } from './socket-types';

/**
 * A changed agent (a new avatar, a rename) reaches the same people its presence does, and the
 * agent's own sockets (the user's other tabs), as `agent:updated`, so cards and badges show it at once.
 */
export function subscribeAgentUpdates(ctx: AppContext, events: DomainEventBus, io: AppSocketServer): () => void {
  return events.subscribe('agent.updated', async ({ agentId, agent }) => {
    if (!agent) return;
    const audience = await agentUpdateAudience(ctx.db, agentId);
    io.to([agentRoomOf(agentId), ...agentRooms(audience)]).emit('agent:updated', { agent });
  });
}
