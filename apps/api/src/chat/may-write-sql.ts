import { sql, type SQLWrapper } from 'drizzle-orm';
import { hasBlockedSql, sharesActiveTeamSql } from '../agents/reach-sql';

/**
 * SQL: whether `sender` may write to `other`, the other agent of a 1:1 — the reach rule's "not
 * read-only" (decision 0022, `decideReach` in agents/agent-reach.ts), for the statement that stores
 * a plain message, so the check costs no round trip of its own. True when `other` is null (a room,
 * or a 1:1 whose other side is gone). An AI agent is in reach of its team's active members; a
 * person shares an active team with the sender and neither blocked the other. The arguments are
 * typed SQL (a cast parameter or a column).
 */
export const mayWriteToSql = (sender: SQLWrapper, other: SQLWrapper, otherIsHuman: SQLWrapper) => sql`(
  ${other} is null or (
    ${sharesActiveTeamSql(sender, other)}
    and (not ${otherIsHuman} or not (${hasBlockedSql(sender, other)} or ${hasBlockedSql(other, sender)}))
  )
)`;
