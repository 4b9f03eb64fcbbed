import { z } from 'zod';
import { ZIsoDateTime } from './users';
import { ZTeam } from './teams';

/** A pending invitation as a team's managers see it. */
export const ZPendingInvitation = z
  .strictObject({
    id: z.uuid(),
    email: z.string(),
    /** Username of the manager who sent it; null once that agent is gone. */
    invitedBy: z.string().nullable(),
    createdAt: ZIsoDateTime,
    expiresAt: ZIsoDateTime,
  })
  .meta({ id: 'PendingInvitation' });
export type TPendingInvitation = z.infer<typeof ZPendingInvitation>;

export const ZInvitationResponse = z.strictObject({ invitation: ZPendingInvitation });
export type TInvitationResponse = z.infer<typeof ZInvitationResponse>;
export const ZInvitationsResponse = z.strictObject({ invitations: z.array(ZPendingInvitation) });
export type TInvitationsResponse = z.infer<typeof ZInvitationsResponse>;
export const ZRevokedInvitationResponse = z.strictObject({ revoked: z.literal(true) });

export const INVITATION_LINK_STATUSES = ['valid', 'expired', 'used', 'invalid'] as const;
export type TInvitationLinkStatus = (typeof INVITATION_LINK_STATUSES)[number];

/**
 * What the public invitation page may know about a link: its state and, for a link that was really
 * sent and not revoked, the inviting team's name and handle. Nothing about the address or the inviter.
 */
export const ZInvitationLinkResponse = z.strictObject({
  status: z.enum(INVITATION_LINK_STATUSES),
  team: z.strictObject({ name: z.string(), handle: z.string() }).nullable(),
});
export type TInvitationLinkResponse = z.infer<typeof ZInvitationLinkResponse>;

/**
 * An invitation addressed to the caller's verified email (GET /invitations): which team, who sent it,
 * until when. Its id is what POST /invitations/:id/accept takes; it is useless to anyone else.
 */
export const ZMyInvitation = z
  .strictObject({
    id: z.uuid(),
    team: z.strictObject({ name: z.string(), handle: z.string() }),
    /** The manager who sent it; null once that agent is gone. */
    invitedBy: z.strictObject({ username: z.string(), fullName: z.string() }).nullable(),
    createdAt: ZIsoDateTime,
    expiresAt: ZIsoDateTime,
  })
  .meta({ id: 'MyInvitation' });
export type TMyInvitation = z.infer<typeof ZMyInvitation>;
export const ZMyInvitationsResponse = z.strictObject({ invitations: z.array(ZMyInvitation) });
export type TMyInvitationsResponse = z.infer<typeof ZMyInvitationsResponse>;

/** POST /invitations/accept and /invitations/:id/accept: the team joined (or already belonged to). */
export const ZAcceptedInvitationResponse = z.strictObject({ team: ZTeam, joined: z.boolean() });
export type TAcceptedInvitationResponse = z.infer<typeof ZAcceptedInvitationResponse>;
