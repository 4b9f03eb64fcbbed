import type { AppContext } from '../context';
import { startPollLoop, type PollLoop } from '../core/poll-loop';
import { inTransaction } from '../core/transaction';
import { graceStart } from './team-restore-service';
import { findTeamsToPurge, purgeTeam } from './teams-repo';

const PURGE_EVERY_MS = 60 * 60 * 1000;
const PURGE_BATCH = 20;

export type TeamPurgeWorker = PollLoop;

/**
 * One pass: deletes for good the teams whose grace period is over (rooms, conversations, AI agents,
 * memberships go with them) and so frees their handles. Each team in its own transaction, which
 * checks again that it is still deleted (a restore racing the pass wins). Safe on several nodes.
 * Answers how many went.
 */
export async function purgeDeletedTeams(ctx: AppContext, now = new Date()): Promise<number> {
  const before = graceStart(ctx, now);
  let purged = 0;
  for (const teamId of await findTeamsToPurge(ctx.db, before, PURGE_BATCH)) {
    if (await inTransaction(ctx.db, (tx) => purgeTeam(tx, teamId, before))) purged += 1;
  }
  return purged;
}

/** Purges on start and then hourly; `kick` runs a pass now. Started in server.ts, stopped in its close(). */
export function startTeamPurgeWorker(ctx: AppContext): TeamPurgeWorker {
  return startPollLoop({
    pollMs: PURGE_EVERY_MS,
    // A full batch may have left more behind: go again.
    pass: async () => (await purgeDeletedTeams(ctx)) >= PURGE_BATCH,
    onError: (error) => ctx.logger.warn({ err: error }, 'team purge failed'),
  });
}
