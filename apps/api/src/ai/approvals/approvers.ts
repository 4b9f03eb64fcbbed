import type { TToolApprovers } from '@agentroom/shared';
import type { AppContext } from '../../context';
import type { AgentRow, ConversationRow } from '../../db/rows';
import { findParticipants } from '../chat-link';
import { conversationWithRuling } from '../ruling';
import { findTeamManagerIds } from './tool-calls-repo';

/*
 * Who may decide a tool call waiting for approval (checked when they decide, and listed on the card
 * when it is asked):
 * - requester_and_managers (the default): the person whose message started the reply, and the room's managers;
 * - managers: the room's managers only;
 * - room_members: any person in the conversation.
 * A room's managers are its creator and its team's owners and admins (as for editing the room); in a
 * 1:1 conversation of a team, the team's owners and admins. Only people of the conversation decide.
 * In a thread (decision 0026) the card is the thread's, and the managers are its parent's: a room's
 * thread is decided by the room's managers (its people are the room's, mirrored).
 */

export interface Approvers {
  ids: string[];
  /** "Maya Lee or a room manager", "a room manager", "anyone in the room". */
  label: string;
}

const fullName = (agent: Pick<AgentRow, 'firstName' | 'lastName' | 'username'>) => [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;

export async function approversOf(ctx: AppContext, conversationId: string, rule: TToolApprovers, requesterId: string | null): Promise<Approvers> {
  const people = (await findParticipants(ctx.db, [conversationId])).map((p) => p.agent).filter((a) => a.isHuman);
  const ruling = (await conversationWithRuling(ctx.db, conversationId))?.ruling;
  const isRoom = ruling?.type === 'room';
  const managerWord = isRoom ? 'a room manager' : 'a team owner or admin';
  if (rule === 'room_members') return { ids: people.map((p) => p.id), label: isRoom ? 'anyone in the room' : 'anyone in the conversation' };
  const managers = new Set(ruling ? await managerIdsOf(ctx, ruling) : []);
  const requester = rule === 'requester_and_managers' ? people.find((p) => p.id === requesterId) : undefined;
  const ids = people.filter((p) => managers.has(p.id) || p.id === requester?.id).map((p) => p.id);
  const label = requester && !managers.has(requester.id) ? `${fullName(requester)} or ${managerWord}` : managerWord;
  return { ids, label };
}

async function managerIdsOf(ctx: AppContext, conversation: ConversationRow): Promise<string[]> {
  const teamManagers = conversation.teamId ? await findTeamManagerIds(ctx.db, conversation.teamId) : [];
  return conversation.type === 'room' && conversation.createdBy ? [conversation.createdBy, ...teamManagers] : teamManagers;
}
