import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import { hashPassword } from '../auth/passwords';
import { inTransaction } from '../core/transaction';
import type { Db } from '../db/client';
import { accounts, agents, conversations, teamMembers, teams } from '../db/schema';
import { ensureGeneralRoom } from '../rooms/room-membership';
import { addRoomParticipants, roomValues } from '../rooms/rooms-repo';

export const DEMO_LOGIN = { username: 'demo', email: 'demo@agentroom.local', password: 'Agentroom1' } as const;
const DEMO_COLLEAGUE = { username: 'maya', email: 'maya@agentroom.local', password: 'Agentroom1' } as const;

/**
 * Demo data for a fresh database: a verified user, a colleague, two AI personas, one team with its
 * #general (both people) and #launch-plan (both people and both AI agents). A fixture writer, run at
 * start-up before anything subscribes to events: it writes its rows itself rather than through each
 * domain's repo, and publishes nothing.
 */
export async function seedDemoData(db: Db, config: AppConfig): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(agents);
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_LOGIN.password, config);
  await inTransaction(db, async (tx) => {
    // The team first: its AI personas belong to it.
    const [team] = await tx
      .insert(teams)
      .values({ name: 'Demo Team', handle: 'demo', description: 'Where people and AI agents work together.' })
      .returning();
    const [demo, maya, nova, sage] = await tx
      .insert(agents)
      .values([
        { username: DEMO_LOGIN.username, firstName: 'Demo', lastName: 'User', role: 'Team Lead', isHuman: true },
        { username: DEMO_COLLEAGUE.username, firstName: 'Maya', lastName: 'Chen', role: 'Product Designer', isHuman: true },
        {
          username: 'nova',
          firstName: 'Nova',
          role: 'Research Analyst',
          isHuman: false,
          ownerTeamId: team!.id,
          personality:
            'Curious and precise. You dig into questions, cite what you are unsure of, and answer with short, well-structured bullet points.',
        },
        {
          username: 'sage',
          firstName: 'Sage',
          role: 'Writing Coach',
          isHuman: false,
          ownerTeamId: team!.id,
          personality:
            'Warm, encouraging and concise. You help people say things clearly, suggest one concrete improvement at a time, and never lecture.',
        },
      ])
      .returning();
    const now = new Date();
    await tx.insert(accounts).values([
      // The instance's first account administers it (decision 0028), as a first sign-up would.
      { agentId: demo!.id, email: DEMO_LOGIN.email, passwordHash, emailVerifiedAt: now, isInstanceAdmin: true },
      { agentId: maya!.id, email: DEMO_COLLEAGUE.email, passwordHash, emailVerifiedAt: now },
    ]);
    await tx.insert(teamMembers).values([
      { teamId: team!.id, agentId: demo!.id, role: 'owner' },
      { teamId: team!.id, agentId: maya!.id },
      { teamId: team!.id, agentId: nova!.id },
      { teamId: team!.id, agentId: sage!.id },
    ]);
    const general = await ensureGeneralRoom(tx, team!.id, demo!.id);
    await addRoomParticipants(tx, general.id, [demo!.id, maya!.id]);
    const [launch] = await tx
      .insert(conversations)
      .values(
        roomValues({
          teamId: team!.id,
          name: 'launch-plan',
          topic: 'Planning the launch with Nova and Sage: ask them with @nova or @sage',
          createdBy: demo!.id,
        }),
      )
      .returning();
    await addRoomParticipants(tx, launch!.id, [demo!.id, maya!.id, nova!.id, sage!.id]);
  });
  return true;
}
