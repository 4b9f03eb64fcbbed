import { z } from 'zod';
import { safeString } from './text';
import { EMAIL_MAX_LENGTH } from '../constants';
import { VALIDATION } from '../messages';

/** Invite by email: limits, messages and request shapes. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  alreadyMember: 'This person is already a member of the team',
  notFound: 'Invitation not found',
  invalidLink: 'This invitation link is invalid or has already been used.',
  expiredLink: 'This invitation has expired. Ask a team admin for a new one.',
  tokenRequired: 'Invitation token is required',
} as const;

const isEmail = (value: string) => z.email().safeParse(value).success;

export const ZCreateInvitationRequest = z.object({
  email: safeString({ error: VALIDATION.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION.emailRequired })
    .max(EMAIL_MAX_LENGTH, { error: VALIDATION.emailInvalid })
    .refine(isEmail, { error: VALIDATION.emailInvalid }),
});
export type TCreateInvitationRequest = z.input<typeof ZCreateInvitationRequest>;

export const ZAcceptInvitationRequest = z.object({
  token: safeString({ error: INVITATION_MESSAGES.tokenRequired })
    .trim()
    .min(1, { error: INVITATION_MESSAGES.tokenRequired })
    .max(256, { error: INVITATION_MESSAGES.invalidLink }),
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;
