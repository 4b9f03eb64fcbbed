import { z } from 'zod';
import { LANGUAGES } from '../../i18n/languages';

/** Response shapes of agents and signed-in users. Types are inferred, so they cannot drift. */
export const ZIsoDateTime = z.iso.datetime();

/** A person's status as cards and chats show it (only while it has not expired). */
export const ZAgentStatus = z
  .strictObject({ text: z.string(), expiresAt: ZIsoDateTime.nullable() })
  .meta({ id: 'AgentStatus', description: 'A short status text and when it stops showing (null: never).' });
export type TAgentStatus = z.infer<typeof ZAgentStatus>;

export const ZAgent = z
  .strictObject({
    id: z.uuid(),
    username: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    role: z.string(),
    isHuman: z.boolean(),
    personality: z.string(),
    avatarUrl: z.string(),
    model: z.string().nullable(),
    /** AI agents: the team that created it (its owners and admins edit it). People: null. */
    ownerTeamId: z.uuid().nullable().meta({ description: 'AI agents: the team that created it (its owners and admins edit it). People: null.' }),
    /** null where presence was not looked up. */
    isOnline: z.boolean().nullable(),
    createdAt: ZIsoDateTime,
    /** The person deleted their account: shown as "Deleted user", with no profile to open. */
    isDeleted: z.literal(true).optional(),
    /** A person's status text while it shows; omitted when none. */
    status: ZAgentStatus.optional(),
    /** Present (true) while the person has do not disturb on, as others see it; omitted otherwise. */
    doNotDisturb: z.literal(true).optional(),
    /** Present (true) for an agent the team runs outside Agentroom (decision 0025): shown "External". */
    isExternal: z.literal(true).optional(),
  })
  .meta({ id: 'Agent', description: 'A person, an AI agent, or an external agent (`isExternal`).' });
export type TAgent = z.infer<typeof ZAgent>;

const ZProfileNames = z.strictObject({ firstName: z.string(), lastName: z.string(), avatar: z.string() });

export const ZUser = z
  .strictObject({
    id: z.uuid(),
    agentId: z.uuid(),
    username: z.string(),
    email: z.string(),
    isVerified: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    profile: ZProfileNames,
    agent: ZAgent,
    /** The language the person chose for the app and their mail; null follows the browser. */
    locale: z.enum(LANGUAGES).nullable(),
    /** An instance administrator (decision 0028): the web shows the admin area. */
    isInstanceAdmin: z.boolean(),
  })
  .meta({ id: 'User', description: 'The signed-in account and its agent.' });
export type TUser = z.infer<typeof ZUser>;

/** GET /users/me → data.profile */
export const ZProfile = z
  .strictObject({ id: z.uuid(), username: z.string(), email: z.string(), profile: ZProfileNames, agent: ZAgent })
  .meta({ id: 'Profile' });
export type TProfile = z.infer<typeof ZProfile>;

export const ZAuthResult = z
  .strictObject({ user: ZUser, token: z.string().meta({ description: 'Access token for the Authorization: Bearer header.' }) })
  .meta({ id: 'AuthResult' });
export type TAuthResult = z.infer<typeof ZAuthResult>;

export const ZUserResponse = z.strictObject({ user: ZUser });
export const ZProfileResponse = z.strictObject({ profile: ZProfile });
export const ZSentResponse = z.strictObject({ sent: z.literal(true) });

/** POST /auth/email/check-reset-link: whether the link would still reset a password. */
export const ZResetLinkStatusResponse = z.strictObject({ status: z.enum(['valid', 'expired', 'invalid']) });
export type TResetLinkStatus = z.infer<typeof ZResetLinkStatusResponse>['status'];
export const ZLoggedOutResponse = z.strictObject({ loggedOut: z.literal(true) });
