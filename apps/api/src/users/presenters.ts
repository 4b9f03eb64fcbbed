import { generatedAvatarUrl, initialsOf, isGeneratedAvatarUrl, uploadedAvatarIdOf, withAvatarInitials, type TAgent, type TProfile, type TUser } from '@agentroom/shared';
import type { AccountRow, AgentRow } from '../db/rows';

/**
 * The avatar every presenter shows: an uploaded one of ours, else one generated (by us, no
 * third-party image host) from the id, or from the generated address stored for the agent, with the
 * name's initials written on it so people are told apart. An outside address stored before uploads
 * existed is never shown (the CSP would block it). A new name is a new address: nothing stale is cached.
 */
export const avatarUrlOf = (agent: Pick<AgentRow, 'id' | 'biometric' | 'firstName' | 'lastName' | 'username'>) => {
  const stored = agent.biometric.avatarUrl;
  if (uploadedAvatarIdOf(stored)) return stored!;
  const initials = initialsOf([agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username);
  if (stored && isGeneratedAvatarUrl(stored)) return withAvatarInitials(stored, initials);
  return generatedAvatarUrl(agent.id, initials);
};

export const fullNameOf = (agent: Pick<AgentRow, 'firstName' | 'middleName' | 'lastName' | 'username'>) =>
  [agent.firstName, agent.middleName, agent.lastName].filter(Boolean).join(' ') || agent.username;

export function presentAgent(agent: AgentRow, isOnline: boolean | null = null): TAgent {
  return {
    id: agent.id,
    username: agent.username,
    firstName: agent.firstName,
    middleName: agent.middleName,
    lastName: agent.lastName,
    fullName: fullNameOf(agent),
    role: agent.role,
    isHuman: agent.isHuman,
    personality: agent.personality,
    avatarUrl: avatarUrlOf(agent),
    model: agent.model,
    ownerTeamId: agent.ownerTeamId,
    isOnline,
    createdAt: agent.createdAt.toISOString(),
  };
}

export function presentUser(account: AccountRow, agent: AgentRow): TUser {
  const presented = presentAgent(agent);
  return {
    id: account.id,
    agentId: agent.id,
    username: agent.username,
    email: account.email,
    isVerified: account.emailVerifiedAt !== null,
    firstName: agent.firstName,
    lastName: agent.lastName,
    profile: { firstName: agent.firstName, lastName: agent.lastName, avatar: presented.avatarUrl },
    agent: presented,
  };
}

export function presentProfile(account: AccountRow, agent: AgentRow): TProfile {
  const user = presentUser(account, agent);
  return { id: user.id, username: user.username, email: user.email, profile: user.profile, agent: user.agent };
}
