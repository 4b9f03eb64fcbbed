import { isDoNotDisturbOn, isOwnAvatarUrl, isStatusShown, type TAgent, type TAgentStatus, type TProfile, type TUser } from '@agentroom/shared';
import type { AccountRow, AgentRow } from '../db/rows';

/** Locally generated avatar, served by us (no third-party image host). */
const fallbackAvatarUrl = (seed: string) => `/api/v1/avatars/${encodeURIComponent(seed)}.svg`;

/**
 * The avatar every presenter shows: an uploaded or generated one of ours, else the one generated from
 * the id. An outside address stored before uploads existed is never shown (the CSP would block it).
 */
export const avatarUrlOf = (agent: Pick<AgentRow, 'id' | 'biometric'>) =>
  isOwnAvatarUrl(agent.biometric.avatarUrl) ? agent.biometric.avatarUrl : fallbackAvatarUrl(agent.id);

export const fullNameOf = (agent: Pick<AgentRow, 'firstName' | 'middleName' | 'lastName' | 'username'>) =>
  [agent.firstName, agent.middleName, agent.lastName].filter(Boolean).join(' ') || agent.username;

/** The status as others see it at `now`: none once it expired. */
export function presentStatus(agent: Pick<AgentRow, 'statusText' | 'statusExpiresAt'>, now = new Date()): TAgentStatus | null {
  if (!isStatusShown(agent.statusText, agent.statusExpiresAt, now)) return null;
  return { text: agent.statusText, expiresAt: agent.statusExpiresAt?.toISOString() ?? null };
}

/** Whether the person has do not disturb on at `now` (until a time or by their daily schedule). */
export const hasDoNotDisturb = (agent: Pick<AgentRow, 'dndUntil' | 'dndSchedule'>, now = new Date()) =>
  isDoNotDisturbOn({ until: agent.dndUntil, schedule: agent.dndSchedule ?? null }, now);

export function presentAgent(agent: AgentRow, isOnline: boolean | null = null): TAgent {
  const status = presentStatus(agent);
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
    ...(status ? { status } : {}),
    ...(hasDoNotDisturb(agent) ? { doNotDisturb: true as const } : {}),
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
