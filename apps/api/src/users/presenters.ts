import {
  ACCOUNT_TEXTS,
  generatedAvatarUrl,
  initialsOf,
  isDoNotDisturbOn,
  isGeneratedAvatarUrl,
  isLanguage,
  isStatusShown,
  uploadedAvatarIdOf,
  withAvatarInitials,
  type TAgent,
  type TAgentStatus,
  type TProfile,
  type TUser,
} from '@agentroom/shared';
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

/** A deleted person's seat: one neutral generated avatar for all of them, nothing of the person. */
const DELETED_AVATAR_URL = generatedAvatarUrl('deleted-user', '');

export const fullNameOf = (agent: Pick<AgentRow, 'firstName' | 'middleName' | 'lastName' | 'username'> & { deletedAt?: Date | null }) =>
  agent.deletedAt ? ACCOUNT_TEXTS.deletedUser : [agent.firstName, agent.middleName, agent.lastName].filter(Boolean).join(' ') || agent.username;

/** Someone who deleted their account, in conversations others can still read: "Deleted user", not openable. */
function presentDeletedAgent(agent: AgentRow): TAgent {
  return {
    id: agent.id,
    username: agent.username,
    firstName: '',
    middleName: '',
    lastName: '',
    fullName: ACCOUNT_TEXTS.deletedUser,
    role: '',
    isHuman: agent.isHuman,
    personality: '',
    avatarUrl: DELETED_AVATAR_URL,
    model: null,
    ownerTeamId: null,
    isOnline: false,
    createdAt: agent.createdAt.toISOString(),
    isDeleted: true,
  };
}

/** The status as others see it at `now`: none once it expired. */
export function presentStatus(agent: Pick<AgentRow, 'statusText' | 'statusExpiresAt'>, now = new Date()): TAgentStatus | null {
  if (!isStatusShown(agent.statusText, agent.statusExpiresAt, now)) return null;
  return { text: agent.statusText, expiresAt: agent.statusExpiresAt?.toISOString() ?? null };
}

/** Whether the person has do not disturb on at `now` (until a time or by their daily schedule). */
export const hasDoNotDisturb = (agent: Pick<AgentRow, 'dndUntil' | 'dndSchedule'>, now = new Date()) =>
  isDoNotDisturbOn({ until: agent.dndUntil, schedule: agent.dndSchedule ?? null }, now);

export function presentAgent(agent: AgentRow, isOnline: boolean | null = null): TAgent {
  if (agent.deletedAt) return presentDeletedAgent(agent);
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
    ...(agent.isExternal ? { isExternal: true as const } : {}),
  };
}

/**
 * Whether the account administers the instance (decision 0028): it holds the mark (the instance's first
 * account), or its address is in ADMIN_EMAILS. The environment is read each time rather than copied into
 * the column, so removing an address from ADMIN_EMAILS takes the role away at the next start; a disabled
 * account administers nothing.
 */
export const isInstanceAdminAccount = (account: Pick<AccountRow, 'email' | 'isInstanceAdmin' | 'disabledAt'>, adminEmails: readonly string[]) =>
  account.disabledAt === null && (account.isInstanceAdmin || adminEmails.includes(account.email));

/** `adminEmails`: the config's ADMIN_EMAILS (lower-cased there, as account emails are). */
export function presentUser(account: AccountRow, agent: AgentRow, adminEmails: readonly string[]): TUser {
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
    locale: isLanguage(account.locale) ? account.locale : null,
    isInstanceAdmin: isInstanceAdminAccount(account, adminEmails),
  };
}

export function presentProfile(account: AccountRow, agent: AgentRow): TProfile {
  const user = presentUser(account, agent, []);
  return { id: user.id, username: user.username, email: user.email, profile: user.profile, agent: user.agent };
}
