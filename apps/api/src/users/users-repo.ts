import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
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
