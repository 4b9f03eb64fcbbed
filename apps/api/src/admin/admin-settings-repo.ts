import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents } from '../db/schema';

/** The models AI agents name: their own choices, beside the instance's default. */
export async function agentModels(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ model: agents.model })
    .from(agents)
    .where(and(eq(agents.isHuman, false), isNull(agents.deletedAt), isNotNull(agents.model)))
    .orderBy(asc(agents.model));
  return rows.map((row) => row.model!).filter(Boolean);
}
