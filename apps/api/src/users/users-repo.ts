import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { AccountRow, AgentRow } from '../db/rows';
import { accounts, agents } from '../db/schema';

export async function findAccountWithAgent(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ account: accounts, agent: agents })
    .from(accounts)
    .innerJoin(agents, eq(agents.id, accounts.agentId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

/** Username (case-insensitive, '@' already stripped) or email (lower-cased). */
export async function findAccountByIdentifier(db: DbOrTx, identifier: string) {
  const value = identifier.trim();
  const byEmail = value.includes('@');
  const [row] = await db
    .select({ account: accounts, agent: agents })
    .from(accounts)
    .innerJoin(agents, eq(agents.id, accounts.agentId))
    .where(byEmail ? eq(accounts.email, value.toLowerCase()) : sql`lower(${agents.username}) = lower(${value})`)
    .limit(1);
  return row;
}

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(sql`lower(${agents.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row);
}

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  return Boolean(row);
}

/** Serialises the first accounts of an instance (any constant key of this transaction-scoped lock would do). */
const FIRST_ACCOUNT_LOCK = 0x61646d696e; // "admin"

/**
 * Whether the account about to be inserted (in the caller's transaction) is the instance's first: it then
 * administers the instance (decision 0028). Once any account exists this is one index probe; while none
 * does, concurrent first sign-ups take a transaction lock in turn and look again, so the second one,
 * woken after the first commits, sees that account and stays a normal one.
 */
async function isFirstAccount(db: DbOrTx): Promise<boolean> {
  const anyAccount = () => db.select({ id: accounts.id }).from(accounts).limit(1);
  if ((await anyAccount()).length > 0) return false;
  await db.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
  return (await anyAccount()).length === 0;
}

/** A person: their agent and the account that signs in as it, in the caller's transaction; the instance's first account administers it. */
export async function insertPerson(
  db: DbOrTx,
  agent: Pick<typeof agents.$inferInsert, 'username' | 'firstName' | 'lastName'>,
  account: Pick<typeof accounts.$inferInsert, 'email' | 'passwordHash'>,
): Promise<{ account: AccountRow; agent: AgentRow }> {
  const [agentRow] = await db.insert(agents).values({ ...agent, isHuman: true, role: 'Member' }).returning();
  const isInstanceAdmin = await isFirstAccount(db);
  const [accountRow] = await db.insert(accounts).values({ ...account, agentId: agentRow!.id, isInstanceAdmin }).returning();
  return { account: accountRow!, agent: agentRow! };
}

/** Locks the account row: checks and writes on one account run one at a time. */
export async function lockAccount(db: DbOrTx, accountId: string): Promise<AccountRow | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return account;
}

export async function updateAccount(
  db: DbOrTx,
  accountId: string,
  values: Partial<Pick<AccountRow, 'email' | 'emailVerifiedAt' | 'passwordHash' | 'passwordChangedAt' | 'locale'>>,
): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

/** Locks the agent row, so two racing changes of it each see what the other left. */
export async function lockAgent(db: DbOrTx, agentId: string): Promise<AgentRow | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId)).for('update');
  return agent;
}

export async function setAgentBiometric(db: DbOrTx, agentId: string, biometric: AgentRow['biometric']): Promise<AgentRow> {
  const [agent] = await db.update(agents).set({ biometric }).where(eq(agents.id, agentId)).returning();
  return agent!;
}

/** A person's own card fields (names, role), as they set them. */
export async function updateAgentProfile(
  db: DbOrTx,
  agentId: string,
  values: Partial<Pick<AgentRow, 'firstName' | 'middleName' | 'lastName' | 'role'>>,
): Promise<AgentRow | undefined> {
  const [agent] = await db.update(agents).set(values).where(eq(agents.id, agentId)).returning();
  return agent;
}

/**
 * What stays of a deleted person: the agent row (their messages still point at it), with nothing of
 * them left on it; the username is freed (renamed) so someone may take it again.
 */
export async function markAgentDeleted(db: DbOrTx, agentId: string, username: string): Promise<AgentRow> {
  const [agent] = await db
    .update(agents)
    .set({
      username,
      firstName: '',
      middleName: '',
      lastName: '',
      biometric: {},
      statusText: '',
      statusExpiresAt: null,
      dndUntil: null,
      dndSchedule: null,
      deletedAt: new Date(),
    })
    .where(eq(agents.id, agentId))
    .returning();
  return agent!;
}

/** The account row goes; its sessions and emailed tokens cascade with it. */
export async function deleteAccountRow(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, accountId));
}

/** The language a person chose (`accounts.locale`; null: none, or no account, e.g. an AI agent). */
export async function findAccountLocaleOfAgent(db: DbOrTx, agentId: string): Promise<string | null> {
  const [row] = await db.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.agentId, agentId)).limit(1);
  return row?.locale ?? null;
}
