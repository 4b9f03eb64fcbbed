import type { DomainEventBus } from '../core/domain-events';
import type { DbOrTx } from '../db/client';
import { findConversationsWithoutAccess } from './chat-repo';
import { findThreadIdsOf } from './thread-repo';

/**
 * Inside the transaction of a team membership that began or ended: conversation access may have
 * changed (chat-access's team rule), read there. Subscribers make every node forget the participants
 * it caches for the send path, which carry that answer (so a former member cannot write for the
 * cache's 30 s, nor a returning one be refused), and take the person's sockets out of the rooms of
 * the conversations they lost (and of the team's rooms they left with it, `leftRoomIds`).
 */
export async function teamMembershipChanged(db: DbOrTx, events: DomainEventBus, agentId: string, leftRoomIds: string[] = []): Promise<void> {
  // Rooms the person left with the team are no longer theirs at all (no participant row to find).
  // Their threads went with them (their participant rows are mirrored away, decision 0026).
  const lostConversationIds = [
    ...new Set([...(await findConversationsWithoutAccess(db, agentId)), ...leftRoomIds, ...(await findThreadIdsOf(db, leftRoomIds))]),
  ];
  events.publish('access.changed', { agentId, lostConversationIds });
}
