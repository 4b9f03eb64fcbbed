import type { AppContext } from '../context';
import { startPollLoop } from '../core/poll-loop';
import { mailUnreadMessages } from './unread-mail';
import { findAccountsWithDueMail } from './unread-mail-repo';

const BATCH_SIZE = 20;

export interface UnreadMailWorker {
  /** One pass as if the clock read `now`: mails everyone due then; answers how many mails it queued. */
  runOnce(now?: Date): Promise<number>;
  /** Resolves when no pass of the poll loop is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every UNREAD_MAIL_POLL_MS, each API node looks for people whose messages waited unread past their
 * delay and queues one mail per person through the outbox (mail.queued wakes the mail worker). Nodes
 * share the work safely: each person's mail is written under a SKIP LOCKED lock of their account row,
 * in the transaction that marks the listed messages as mailed (unread-mail.ts).
 */
export function startUnreadMailWorker(ctx: AppContext): UnreadMailWorker {
  async function passAt(now: Date) {
    const due = await findAccountsWithDueMail(ctx.db, now, ctx.config.unreadMail.minuteMs, BATCH_SIZE);
    let queued = 0;
    for (const accountId of due) if (await mailUnreadMessages(ctx, accountId, now)) queued += 1;
    return { found: due.length, queued };
  }

  const loop = startPollLoop({
    pollMs: ctx.config.unreadMail.pollMs,
    // A full batch that mailed someone may have left more people behind: go again. A batch of people
    // another node is mailing right now mails nobody here, so the loop never spins on them.
    pass: async () => {
      const { found, queued } = await passAt(new Date());
      return found === BATCH_SIZE && queued > 0;
    },
    onError: (error) => ctx.logger.error({ err: error }, 'unread-mail pass failed'),
  });

  const runOnce = async (now = new Date()) => (await passAt(now)).queued;
  return { runOnce, idle: loop.idle, stop: loop.stop };
}
