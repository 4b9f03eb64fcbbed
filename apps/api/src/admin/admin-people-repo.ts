import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, agents, pushSubscriptions } from '../db/schema';
import { ADMIN_PAGE_SIZE, containsPattern, offsetOf } from './admin-format';

const personColumns = {
  agentId: agents.id,
  accountId: accounts.id,
  username: agents.username,
  firstName: agents.firstName,
  lastName: agents.lastName,
  email: accounts.email,
  emailVerifiedAt: accounts.emailVerifiedAt,
  isInstanceAdmin: accounts.isInstanceAdmin,
  disabledAt: accounts.disabledAt,
  createdAt: accounts.createdAt,
  /** Teams the person is in now (deleted teams not counted). */
  teamCount: sql<number>`(select count(*)::int from team_members tm join teams t on t.id = tm.team_id
    where tm.agent_id = ${agents.id} and tm.left_at is null and t.deleted_at is null)`.mapWith(Number),
  /** The newest sign-in or refresh of any of their sessions. */
  lastSeenAt: sql<unknown>`(select max(coalesce(s.last_seen_at, s.created_at)) from sessions s where s.account_id = ${accounts.id})`,
};
export type AdminPersonRow = NonNullable<Awaited<ReturnType<typeof findPersonByAgent>>>;

function peopleWhere(filter: { q?: string | undefined; disabled?: 'true' | 'false' | undefined }): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined;
  return and(
    pattern
      ? or(ilike(agents.username, pattern), ilike(accounts.email, pattern), sql`concat_ws(' ', ${agents.firstName}, ${agents.lastName}) ilike ${pattern}`)
      : undefined,
    filter.disabled === 'true' ? isNotNull(accounts.disabledAt) : filter.disabled === 'false' ? isNull(accounts.disabledAt) : undefined,
  );
}

/** One page of people with an account, the newest first, and how many match in all. */
export async function listPeople(db: DbOrTx, filter: { q?: string | undefined; disabled?: 'true' | 'false' | undefined; page: number }) {
  const where = peopleWhere(filter);
  const rows = await db
    .select(personColumns)
    .from(accounts)
    .innerJoin(agents, eq(agents.id, accounts.agentId))
    .where(where)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(filter.page));
  const [total] = await db.select({ n: count() }).from(accounts).innerJoin(agents, eq(agents.id, accounts.agentId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The person whose agent this is, when it has an account (AI and external agents have none). */
export async function findPersonByAgent(db: DbOrTx, agentId: string) {
  const [row] = await db.select(personColumns).from(accounts).innerJoin(agents, eq(agents.id, accounts.agentId)).where(eq(agents.id, agentId)).limit(1);
  return row;
}

/** Locks the account of an agent for a change of its disabled state; its id and state. */
export async function lockAccountOfAgent(db: DbOrTx, agentId: string) {
  const [row] = await db
    .select({ id: accounts.id, disabledAt: accounts.disabledAt, username: sql<string>`(select a.username from agents a where a.id = ${accounts.agentId})` })
    .from(accounts)
    .where(eq(accounts.agentId, agentId))
    .for('update');
  return row;
}

export async function setAccountDisabled(db: DbOrTx, accountId: string, by: string | null): Promise<void> {
  await db
    .update(accounts)
    .set(by ? { disabledAt: new Date(), disabledBy: by } : { disabledAt: null, disabledBy: null })
    .where(eq(accounts.id, accountId));
}

/** A disabled person gets no pushes: their devices are forgotten (they turn push on again once enabled). */
export async function deletePushSubscriptionsOf(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId));
}
