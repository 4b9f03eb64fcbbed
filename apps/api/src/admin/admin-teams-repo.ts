import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents, teamMembers, teams } from '../db/schema';
import { ADMIN_PAGE_SIZE, containsPattern, offsetOf } from './admin-format';

/** Written out: a select of one table names its columns unqualified, which the subqueries below would shadow. */
const teamId = sql.raw('"teams"."id"');

const membersWhere = (human: boolean) =>
  sql`(select count(*)::int from team_members tm join agents a on a.id = tm.agent_id
    where tm.team_id = ${teamId} and tm.left_at is null and a.is_human = ${human})`.mapWith(Number);

/** One page of every team, deleted ones included, the newest first, with size and activity. */
export async function listTeams(db: DbOrTx, filter: { q?: string | undefined; page: number }) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  const where = pattern ? or(ilike(teams.name, pattern), ilike(teams.handle, pattern)) : undefined;
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      handle: teams.handle,
      retentionDays: teams.retentionDays,
      deletedAt: teams.deletedAt,
      createdAt: teams.createdAt,
      memberCount: membersWhere(true),
      aiAgentCount: membersWhere(false),
      roomCount: sql<number>`(select count(*)::int from conversations c where c.team_id = ${teamId} and c.type = 'room')`.mapWith(Number),
      messagesLastWeek: sql<number>`(select count(*)::int from messages m join conversations c on c.id = m.conversation_id
        where c.team_id = ${teamId} and m.created_at > now() - interval '7 days')`.mapWith(Number),
      lastActivityAt: sql<unknown>`(select max(c.last_message_at) from conversations c where c.team_id = ${teamId})`,
    })
    .from(teams)
    .where(where)
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(filter.page));
  const [total] = await db.select({ n: count() }).from(teams).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The current owners of these teams, by team. */
export async function ownersOfTeams(db: DbOrTx, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: teamMembers.teamId, agentId: agents.id, username: agents.username, firstName: agents.firstName, lastName: agents.lastName })
    .from(teamMembers)
    .innerJoin(agents, eq(agents.id, teamMembers.agentId))
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.role, 'owner'), isNull(teamMembers.leftAt)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
}
