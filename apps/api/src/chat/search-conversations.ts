import type { TSearchConversation } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow, ParticipantRow, TeamRow } from '../db/rows';
import { avatarUrlOf } from '../users/presenters';
import { findParticipants, findTeamsByIds } from './chat-repo';

type Members = { participant: ParticipantRow; agent: AgentRow }[];

/** Where a message lives, as a search hit (or a followed thread, a saved message) links to it. */
export function presentSearchConversation(
  conversation: ConversationRow,
  viewerAgentId: string,
  participants: Members,
  team: Pick<TeamRow, 'id' | 'handle' | 'name'> | undefined,
): TSearchConversation {
  const others = participants.filter((p) => p.participant.conversationId === conversation.id && p.agent.id !== viewerAgentId);
  const other = others.length === 1 ? others[0]!.agent : undefined;
  return {
    id: conversation.id,
    conversationType: conversation.type,
    team: team ? { id: team.id, handle: team.handle, name: team.name } : null,
    roomName: conversation.type === 'room' ? conversation.name : null,
    otherAgent:
      conversation.type !== 'room' && other
        ? {
            id: other.id,
            username: other.username,
            firstName: other.firstName,
            lastName: other.lastName,
            avatarUrl: avatarUrlOf(other),
            isAgent: !other.isHuman,
          }
        : null,
  };
}

/** The descriptors of these conversations (their participants and teams read here): id → descriptor. */
export async function describeConversations(db: DbOrTx, viewerAgentId: string, rows: ConversationRow[]): Promise<Map<string, TSearchConversation>> {
  const [participants, teams] = await Promise.all([
    findParticipants(db, rows.map((c) => c.id)),
    findTeamsByIds(db, [...new Set(rows.flatMap((c) => (c.teamId ? [c.teamId] : [])))]),
  ]);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  return new Map(rows.map((c) => [c.id, presentSearchConversation(c, viewerAgentId, participants, c.teamId ? teamById.get(c.teamId) : undefined)]));
}
