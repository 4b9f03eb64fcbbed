import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts } from '../db/schema';

/** The account's email and whether it holds the admin mark, or undefined for an unknown account. */
export async function findAdminStanding(db: DbOrTx, accountId: string): Promise<{ email: string; isInstanceAdmin: boolean; disabledAt: Date | null } | undefined> {
  const [row] = await db
    .select({ email: accounts.email, isInstanceAdmin: accounts.isInstanceAdmin, disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
