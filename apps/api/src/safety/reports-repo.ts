import type { DbOrTx } from '../db/client';
import { abuseReports } from '../db/schema';

export type NewReport = typeof abuseReports.$inferInsert;

export async function insertReport(db: DbOrTx, values: NewReport) {
  const [report] = await db.insert(abuseReports).values(values).returning();
  return report!;
}
