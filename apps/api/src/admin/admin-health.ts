import type { TAdminHealthResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { isoOrNull } from './admin-format';
import { exportHealth, mailHealth, replyHealth } from './admin-health-repo';

const int = (value: unknown) => Number(value ?? 0);

/** The mail outbox, reply jobs and exports by state, read now. */
export async function adminHealth(ctx: AppContext): Promise<TAdminHealthResponse> {
  const mail = await mailHealth(ctx.db);
  const replies = await replyHealth(ctx.db);
  const exports = await exportHealth(ctx.db);
  return {
    mail: {
      pending: int(mail.pending),
      failed: int(mail.failed),
      sentLastDay: int(mail.sent_last_day),
      oldestPendingAt: isoOrNull(mail.oldest_pending_at),
      lastError: typeof mail.last_error === 'string' ? mail.last_error : null,
    },
    replies: {
      byStatus: Object.fromEntries(replies.byStatus.map((row) => [String(row.status), int(row.n)])),
      failedLastDay: int(replies.summary.failed_last_day),
      oldestQueuedAt: isoOrNull(replies.summary.oldest_queued_at),
    },
    exports: { queued: int(exports.queued), running: int(exports.running), failedLastDay: int(exports.failed_last_day) },
    checkedAt: new Date().toISOString(),
  };
}
