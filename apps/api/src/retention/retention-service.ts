import type { TTeamRetention, TUpdateRetentionRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { recordAudit } from '../audit/audit-repo';
import { afterCommit, inTransaction } from '../core/transaction';
import { assertTeamOwner } from '../teams/team-access';
import { findConversationsPastCutoff, findTeamsWithRetention, removeOldestMessages, setTeamRetention } from './retention-repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one run removed, over every team. */
export interface RetentionRun {
  teams: number;
  conversations: number;
  messages: number;
  files: number;
  /** Transactions it took (each removed at most RETENTION_BATCH_SIZE messages). */
  batches: number;
}

/** PUT /teams/:handle/retention: owners only; the change and its audit row commit together. */
export async function updateTeamRetention(ctx: AppContext, handle: string, callerId: string, input: TUpdateRetentionRequest): Promise<TTeamRetention> {
  return inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamOwner(tx, handle, callerId);
    const from = { days: team.retentionDays, keepPinned: team.retentionKeepPinned };
    const updated = await setTeamRetention(tx, team.id, { retentionDays: input.days, retentionKeepPinned: input.keepPinned });
    const to = { days: updated.retentionDays, keepPinned: updated.retentionKeepPinned };
    if (from.days !== to.days || from.keepPinned !== to.keepPinned)
      await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'team.retention_changed', target: { kind: 'team', id: team.id, name: team.name }, details: { from, to } });
    return to;
  });
}

/** Deletes removed messages' files once their rows are gone for good; a file that will not go is logged, never fatal. */
function deleteFilesAfterCommit(ctx: AppContext, storageKeys: string[]) {
  if (!storageKeys.length) return;
  afterCommit(() => {
    for (const key of storageKeys)
      ctx.files.delete('uploads', key).catch((error: unknown) => ctx.logger.warn({ err: error, storageKey: key }, 'retention could not delete a file'));
  });
}

/**
 * One conversation's messages past the cutoff, in batches of at most `batchSize` (each its own short
 * transaction, so sends to the conversation wait for one batch at most). Open clients hear each batch.
 */
async function removeFromConversation(ctx: AppContext, conversationId: string, cutoff: Date, keepPinned: boolean, run: RetentionRun) {
  const { batchSize } = ctx.config.retention;
  let removedHere = 0;
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const removed = await removeOldestMessages(tx, conversationId, cutoff, keepPinned, batchSize);
      if (removed) {
        deleteFilesAfterCommit(ctx, removed.storageKeys);
        ctx.events.publish('messages.removed', { conversationId, messageIds: removed.messageIds, throughSeq: removed.throughSeq });
      }
      return removed;
    });
    if (!batch) break;
    run.batches += 1;
    run.messages += batch.messageIds.length;
    run.files += batch.storageKeys.length;
    removedHere += batch.messageIds.length;
    if (batch.messageIds.length < batchSize) break;
  }
  if (removedHere > 0) run.conversations += 1;
}

/**
 * Every team's retention, once (decision 0028). Safe on several nodes at once: each batch locks its
 * conversation and reads what is still there, so a message is removed by one node only; each node
 * writes an audit row of what it removed itself, per team, only when it removed something.
 */
export async function runRetention(ctx: AppContext, now = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { teams: 0, conversations: 0, messages: 0, files: 0, batches: 0 };
  for (const team of await findTeamsWithRetention(ctx.db)) {
    const cutoff = new Date(now.getTime() - team.retentionDays! * DAY_MS);
    const before = { conversations: run.conversations, messages: run.messages, files: run.files };
    for (const conversationId of await findConversationsPastCutoff(ctx.db, team.id, cutoff, team.retentionKeepPinned))
      await removeFromConversation(ctx, conversationId, cutoff, team.retentionKeepPinned, run);
    const messages = run.messages - before.messages;
    if (messages === 0) continue;
    run.teams += 1;
    await inTransaction(ctx.db, (tx) =>
      recordAudit(tx, {
        actor: null,
        teamId: team.id,
        action: 'retention.removed',
        target: { kind: 'team', id: team.id },
        details: { messages, files: run.files - before.files, conversations: run.conversations - before.conversations, days: team.retentionDays, before: cutoff.toISOString() },
        ip: null,
      }),
    );
  }
  return run;
}
