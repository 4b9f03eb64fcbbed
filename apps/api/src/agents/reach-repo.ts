import { sql } from 'drizzle-orm';
import { isUuid } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { rowsOf } from './agents-repo';
import { hasBlockedSql, shareOneToOneSql, sharesActiveTeamSql } from './reach-sql';

/** What the reach rule reads about a viewer and another agent (agent-reach.ts decides from it). */
export interface ReachFacts {
  sharesTeam: boolean;
  sharesOneToOne: boolean;
  /** The viewer blocked the other. */
  blockedByViewer: boolean;
  /** The other blocked the viewer. */
  blocksViewer: boolean;
}

interface ReachRow extends ReachFacts {
  id: string;
}

/** The reach facts between the viewer and each of `targetIds`, in one statement (ids not uuids are left out). */
export async function findReachFacts(db: DbOrTx, viewerId: string, targetIds: readonly string[]): Promise<Map<string, ReachFacts>> {
  const ids = [...new Set(targetIds.filter((id) => isUuid(id)))];
  if (ids.length === 0 || !isUuid(viewerId)) return new Map();
  const target = sql.raw('target.id');
  const result = await db.execute(sql`
    select target.id,
      ${sharesActiveTeamSql(viewerId, target)} as "sharesTeam",
      ${shareOneToOneSql(viewerId, target)} as "sharesOneToOne",
      ${hasBlockedSql(viewerId, target)} as "blockedByViewer",
      ${hasBlockedSql(target, viewerId)} as "blocksViewer"
    from unnest(${`{${ids.join(',')}}`}::uuid[]) as target(id)`);
  return new Map(
    rowsOf<ReachRow>(result).map(({ id, ...facts }) => [
      String(id),
      {
        sharesTeam: Boolean(facts.sharesTeam),
        sharesOneToOne: Boolean(facts.sharesOneToOne),
        blockedByViewer: Boolean(facts.blockedByViewer),
        blocksViewer: Boolean(facts.blocksViewer),
      },
    ]),
  );
}
