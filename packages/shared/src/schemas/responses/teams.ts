import { z } from 'zod';
import { ZTeamRetention } from './governance';
import { ZAgent, ZIsoDateTime } from './users';

/** Members as the teams drawer needs them (avatar and name). */
export const ZTeamMemberPreview = z
  .strictObject({ id: z.uuid(), username: z.string(), agentName: z.string(), avatarUrl: z.string(), isHuman: z.boolean() })
  .meta({ id: 'TeamMemberPreview' });
export type TTeamMemberPreview = z.infer<typeof ZTeamMemberPreview>;

export const ZTeam = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    handle: z.string(),
    description: z.string(),
    isPrivate: z.boolean(),
    maxMembers: z.number().int(),
    branding: z.record(z.string(), z.string()),
    createdAt: ZIsoDateTime,
    memberCount: z.number().int(),
    members: z.array(ZTeamMemberPreview),
    /** The caller's membership role in this team ('owner', 'admin', 'member', …). */
    myRole: z.string().meta({ description: "The caller's membership role in this team." }),
    /** Whether the caller may manage the team (owner or admin). */
    canManage: z.boolean().meta({ description: 'Whether the caller may manage the team (owner or admin).' }),
    /** How long the team keeps messages (decision 0028); every member sees it. */
    retention: ZTeamRetention,
  })
  .meta({ id: 'Team' });
export type TTeam = z.infer<typeof ZTeam>;

/** An agent as a team card needs it: the agent plus its membership in this team. */
export const ZTeamAgent = z
  .strictObject({ ...ZAgent.shape, membershipRole: z.string(), joinedAt: ZIsoDateTime })
  .meta({ id: 'TeamAgent', description: 'An agent plus its membership in this team.' });
export type TTeamAgent = z.infer<typeof ZTeamAgent>;

/** GET /teams → data.teams; GET /teams/:handle → data.team; GET /teams/:handle/agents → data.agents. */
export const ZTeamsResponse = z.strictObject({ teams: z.array(ZTeam) });
export type TTeamsResponse = z.infer<typeof ZTeamsResponse>;
export const ZTeamResponse = z.strictObject({ team: ZTeam });
export type TTeamResponse = z.infer<typeof ZTeamResponse>;
export const ZTeamAgentsResponse = z.strictObject({ agents: z.array(ZTeamAgent) });
export type TTeamAgentsResponse = z.infer<typeof ZTeamAgentsResponse>;
export const ZAgentResponse = z.strictObject({ agent: ZAgent });
export type TAgentResponse = z.infer<typeof ZAgentResponse>;
export const ZTeamAgentResponse = z.strictObject({ agent: ZTeamAgent });
export type TTeamAgentResponse = z.infer<typeof ZTeamAgentResponse>;
export const ZLeftTeamResponse = z.strictObject({ left: z.literal(true) });
export const ZRemovedMemberResponse = z.strictObject({ removed: z.literal(true) });
export const ZDeletedTeamResponse = z.strictObject({ deleted: z.literal(true) });

// ---- deleted teams and their restore ----
/** A team its owner deleted, restorable until `purgeAt` (then purged, its handle released). */
export const ZDeletedTeam = z
  .strictObject({ id: z.uuid(), name: z.string(), handle: z.string(), deletedAt: ZIsoDateTime, purgeAt: ZIsoDateTime })
  .meta({ id: 'DeletedTeam' });
export type TDeletedTeam = z.infer<typeof ZDeletedTeam>;
export const ZDeletedTeamsResponse = z.strictObject({ teams: z.array(ZDeletedTeam) });
export type TDeletedTeamsResponse = z.infer<typeof ZDeletedTeamsResponse>;
