// No zod here: the web app imports these constants, and a schema built at the top of a module it
// imports would bring all of zod into its first load (see events.ts). The schemas import them.
import { AVATAR_ERRORS } from './avatars';

/** Team and agent management: limits, messages, request and response shapes. */
export const TEAM_HANDLE_MIN_LENGTH = 2;
export const TEAM_HANDLE_MAX_LENGTH = 40;
export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_DESCRIPTION_MAX_LENGTH = 500;
export const AGENT_ROLE_MAX_LENGTH = 64;
export const AGENT_PERSONALITY_MAX_LENGTH = 4000;
export const AGENT_MODEL_MAX_LENGTH = 100;
export const AVATAR_URL_MAX_LENGTH = 2048;

/** Membership roles that may manage a team (add members, create and edit AI agents). */
export const TEAM_MANAGER_ROLES = ['owner', 'admin'] as const;

export const isTeamManagerRole = (role: string | null | undefined) =>
  !!role && (TEAM_MANAGER_ROLES as readonly string[]).includes(role.toLowerCase());

export const TEAM_MESSAGES = {
  handleCharacters: 'Handle can only contain letters, numbers, and hyphens',
  handleLength: `Handle must be ${TEAM_HANDLE_MIN_LENGTH} to ${TEAM_HANDLE_MAX_LENGTH} characters long`,
  handleTaken: 'A team with this handle already exists',
  nameRequired: 'Team name is required',
  firstNameRequired: 'Name is required',
  usernameRequired: 'Username is required',
  avatarUrl: AVATAR_ERRORS.externalUrl,
  managersOnly: 'Only team owners and admins can manage this team',
  teamFull: 'This team is full',
  alreadyMember: 'This agent is already a member of the team',
  onlyAiEditable: 'Only AI agents can be edited',
  invalidAgentId: 'Invalid agent id',
  nothingToUpdate: 'Nothing to update',
  aiAgentBelongsToItsTeam: 'AI agents belong to the team that created them',
  ownersOnly: 'Only team owners can do this',
  ownersManageOwners: 'Only owners can make or unmake an owner',
  memberNotFound: 'Member not found',
  notYourself: 'You cannot change or remove yourself; leave the team instead',
  aiAgentKeepsMemberRole: 'AI agents keep the member role',
  lastOwnerCannotLeave: 'You are the last owner: make another member an owner before you leave',
  roleRequired: 'Role must be owner, admin or member',
  // ---- deleted teams ----
  lastPersonCannotLeave:
    'You are the last person in this team and it still holds rooms, conversations or AI agents: delete the team, or invite someone first',
  notDeleted: 'This team is not deleted',
  restoreTooLate: 'The time to restore this team has passed',
} as const;

/** Days a deleted team can be restored by its owners before it is purged and its handle released (the API's default). */
export const TEAM_DELETE_GRACE_DAYS_DEFAULT = 30;

/** Membership roles a manager may hand out when adding someone; 'owner' stays with the creator. */
export const ASSIGNABLE_MEMBER_ROLES = ['member', 'admin'] as const;

/** Every membership role; only owners hand out or take away 'owner'. */
export const TEAM_MEMBER_ROLES = ['owner', 'admin', 'member'] as const;

export type TTeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
