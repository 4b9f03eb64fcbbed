import { and, desc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, agents, teamInvitations, teamMembers, teams } from '../db/schema';
import { isActiveMemberSql } from './teams-sql';

export type InvitationRow = typeof teamInvitations.$inferSelect;

const isPending = and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));

/** Whether an account with this address is an active member of the team. */
export async function isActiveMemberByEmail(db: DbOrTx, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .innerJoin(accounts, eq(accounts.agentId, teamMembers.agentId))
    .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt), sql`lower(${accounts.email}) = ${email}`))
    .limit(1);
  return !!row;
}

/** Revokes the pending invitation(s) of an address, so only the newest link works. */
export async function revokePendingFor(db: DbOrTx, teamId: string, email: string): Promise<void> {
  await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), isPending));
}

/** Revokes every pending invitation of a team (it was deleted: its links must not join an empty team). */
export async function revokeAllPending(db: DbOrTx, teamId: string): Promise<void> {
  await db.update(teamInvitations).set({ revokedAt: new Date() }).where(and(eq(teamInvitations.teamId, teamId), isPending));
}

export async function insertInvitation(db: DbOrTx, values: typeof teamInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row!;
}

/** Pending, unexpired invitations of a team, newest first, with the inviter's username. */
export async function findPendingInvitations(db: DbOrTx, teamId: string) {
  return db
    .select({ invitation: teamInvitations, inviter: agents.username })
    .from(teamInvitations)
    .leftJoin(agents, eq(agents.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), isPending, gt(teamInvitations.expiresAt, new Date())))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

/** Revokes one pending invitation of the team; undefined when there is none with that id. */
export async function revokeInvitation(db: DbOrTx, teamId: string, id: string): Promise<{ email: string } | undefined> {
  const revoked = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), isPending))
    .returning({ email: teamInvitations.email });
  return revoked[0];
}

/**
 * The caller's verified email as SQL, for matching invitations to the person they were sent to
 * (an unverified address matches nothing: anyone could have typed it).
 */
const verifiedEmailOf = (agentId: string) =>
  sql`(select ${accounts.email} from ${accounts} where ${accounts.agentId} = ${agentId} and ${accounts.emailVerifiedAt} is not null)`;

/**
 * Pending, unexpired invitations addressed to the agent's verified email, newest first, with the team
 * and the inviter. Teams the agent is already in and deleted teams (no active member left) are left out.
 */
export async function findInvitationsAddressedTo(db: DbOrTx, agentId: string) {
  return db
    .select({ invitation: teamInvitations, team: teams, inviter: agents })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(agents, eq(agents.id, teamInvitations.invitedBy))
    .where(
      and(
        eq(teamInvitations.email, verifiedEmailOf(agentId)),
        isPending,
        gt(teamInvitations.expiresAt, new Date()),
        not(isActiveMemberSql(teams.id, agentId)),
        sql`exists (select 1 from team_members where team_members.team_id = ${teams.id} and team_members.left_at is null)`,
      ),
    )
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

/** One invitation by id, only when it is addressed to the agent's verified email (anyone else's reads as none). */
export async function findInvitationAddressedTo(db: DbOrTx, id: string, agentId: string) {
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.email, verifiedEmailOf(agentId))))
    .limit(1);
  return row;
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function markInvitationAccepted(db: DbOrTx, id: string, agentId: string): Promise<void> {
  await db.update(teamInvitations).set({ acceptedAt: new Date(), acceptedBy: agentId }).where(eq(teamInvitations.id, id));
}
