import { z } from 'zod';
import { safeString } from './text';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants';
import { stripAt } from '../validation';
import { isGeneratedAvatarUrl } from './avatars';
import { TEAM_HANDLE_MIN_LENGTH, TEAM_HANDLE_MAX_LENGTH, TEAM_NAME_MAX_LENGTH, TEAM_DESCRIPTION_MAX_LENGTH, AGENT_ROLE_MAX_LENGTH, AGENT_PERSONALITY_MAX_LENGTH, AGENT_MODEL_MAX_LENGTH, AVATAR_URL_MAX_LENGTH, TEAM_MESSAGES, ASSIGNABLE_MEMBER_ROLES, TEAM_MEMBER_ROLES } from './team-constants';

const HANDLE_PATTERN = /^[A-Za-z0-9-]+$/;

const tooLong = (max: number) => ({ error: `Must be at most ${max} characters` });
const optionalText = (max: number) => safeString().trim().max(max, tooLong(max));

/** A team handle as typed: 2–40 letters, digits or hyphens. Case is kept; uniqueness is case-insensitive. */
export const ZTeamHandle = safeString({ error: 'Handle is required' })
  .trim()
  .superRefine((value, ctx) => {
    if (!HANDLE_PATTERN.test(value) && value.length > 0)
      ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.handleCharacters });
    else if (value.length < TEAM_HANDLE_MIN_LENGTH || value.length > TEAM_HANDLE_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: TEAM_MESSAGES.handleLength });
  });

/**
 * '' clears a stored avatar (the generated one shows), and one of our own generated avatars may be
 * named. Nothing else: images are uploaded (PUT …/avatar), since the CSP blocks every outside image,
 * and an uploaded avatar's address is set by its upload only.
 */
export const isAllowedAvatarUrl = (value: string) => value === '' || isGeneratedAvatarUrl(value);

const ZAvatarUrl = safeString()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, tooLong(AVATAR_URL_MAX_LENGTH))
  .refine(isAllowedAvatarUrl, { error: TEAM_MESSAGES.avatarUrl });

export const ZCreateTeamRequest = z.object({
  name: safeString({ error: TEAM_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: TEAM_MESSAGES.nameRequired })
    .max(TEAM_NAME_MAX_LENGTH, tooLong(TEAM_NAME_MAX_LENGTH)),
  handle: ZTeamHandle,
  description: optionalText(TEAM_DESCRIPTION_MAX_LENGTH).optional().default(''),
  isPrivate: z.boolean().optional().default(true),
});
export type TCreateTeamRequest = z.input<typeof ZCreateTeamRequest>;

export const ZAddMemberRequest = z.object({
  username: safeString({ error: TEAM_MESSAGES.usernameRequired })
    .max(USERNAME_MAX_LENGTH + 1, tooLong(USERNAME_MAX_LENGTH))
    .transform(stripAt)
    .refine((v) => v.length > 0, { error: TEAM_MESSAGES.usernameRequired }),
  role: z.enum(ASSIGNABLE_MEMBER_ROLES).optional().default('member'),
});
export type TAddMemberRequest = z.input<typeof ZAddMemberRequest>;

export const ZChangeMemberRoleRequest = z.object({
  role: z.enum(TEAM_MEMBER_ROLES, { error: TEAM_MESSAGES.roleRequired }),
});
export type TChangeMemberRoleRequest = z.input<typeof ZChangeMemberRoleRequest>;

/** Owners rename and describe a team; at least one field. */
export const ZUpdateTeamRequest = z
  .object({
    name: safeString({ error: TEAM_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: TEAM_MESSAGES.nameRequired })
      .max(TEAM_NAME_MAX_LENGTH, tooLong(TEAM_NAME_MAX_LENGTH))
      .optional(),
    description: optionalText(TEAM_DESCRIPTION_MAX_LENGTH).optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, { error: TEAM_MESSAGES.nothingToUpdate });
export type TUpdateTeamRequest = z.input<typeof ZUpdateTeamRequest>;

const aiAgentFields = {
  firstName: safeString({ error: TEAM_MESSAGES.firstNameRequired })
    .trim()
    .min(1, { error: TEAM_MESSAGES.firstNameRequired })
    .max(NAME_MAX_LENGTH, tooLong(NAME_MAX_LENGTH)),
  middleName: optionalText(NAME_MAX_LENGTH),
  lastName: optionalText(NAME_MAX_LENGTH),
  role: optionalText(AGENT_ROLE_MAX_LENGTH),
  personality: optionalText(AGENT_PERSONALITY_MAX_LENGTH),
  avatarUrl: ZAvatarUrl,
  model: optionalText(AGENT_MODEL_MAX_LENGTH),
};

export const ZCreateAiAgentRequest = z.object({
  firstName: aiAgentFields.firstName,
  middleName: aiAgentFields.middleName.optional(),
  lastName: aiAgentFields.lastName.optional(),
  role: aiAgentFields.role.optional(),
  personality: aiAgentFields.personality.optional(),
  avatarUrl: aiAgentFields.avatarUrl.optional(),
  model: aiAgentFields.model.optional(),
});
export type TCreateAiAgentRequest = z.input<typeof ZCreateAiAgentRequest>;

/** Every field optional; at least one must be present. Blank role/personality/model fall back to defaults. */
export const ZUpdateAiAgentRequest = z
  .object({
    firstName: aiAgentFields.firstName.optional(),
    middleName: aiAgentFields.middleName.optional(),
    lastName: aiAgentFields.lastName.optional(),
    role: aiAgentFields.role.optional(),
    personality: aiAgentFields.personality.optional(),
    avatarUrl: aiAgentFields.avatarUrl.optional(),
    model: aiAgentFields.model.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: TEAM_MESSAGES.nothingToUpdate });
export type TUpdateAiAgentRequest = z.input<typeof ZUpdateAiAgentRequest>;
