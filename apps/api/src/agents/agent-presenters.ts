import type { TAgent, TTeamAgent } from '@agentroom/shared';
import type { AgentRow, MembershipRow } from '../db/rows';
import { presentAgent } from '../users/presenters';

/**
 * Without an account name, the username falls back to first and last name joined by an underscore,
 * lower-cased. Our agents always carry a username, but rows from imports may not.
 */
export const usernameOf = (agent: Pick<AgentRow, 'username' | 'firstName' | 'lastName'>) =>
  agent.username || [agent.firstName, agent.lastName].filter(Boolean).join('_').toLowerCase();

/** presentAgent plus the username fallback; the avatar fallback (generated from the id) is presentAgent's. */
export function presentAgentCard(agent: AgentRow, isOnline: boolean | null = null): TAgent {
  const presented = presentAgent(agent, isOnline);
  if (presented.isDeleted) return presented;
  const username = usernameOf(agent);
  return { ...presented, username, fullName: presented.fullName || username };
}

/** An agent as a team card needs it: the agent plus its role and join time in this team. */
export function presentTeamAgent(agent: AgentRow, membership: MembershipRow, isOnline: boolean | null): TTeamAgent {
  return { ...presentAgentCard(agent, isOnline), membershipRole: membership.role, joinedAt: membership.joinedAt.toISOString() };
}
