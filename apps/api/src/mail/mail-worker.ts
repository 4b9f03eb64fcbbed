import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { OutboxRow } from '../db/rows';
import { startPollLoop } from '../core/poll-loop';
import type { Metrics } from '../observability/metrics';
import { claimDueMail, markMailFailed, markMailSent } from './outbox-repo';

const BATCH_SIZE = 10;
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(2 ** attempts * 1000, 10 * 60_000);

export interface MailWorker {
  /** Deliver due mail now (after a commit that enqueued some) instead of waiting for the poll. */
  kick(): void;
  /** Resolves when the current delivery pass is over. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox. Rows are leased by pushing next_attempt_at forward with SKIP LOCKED, so
 * several API nodes share the work without sending twice, and a crash mid-send only delays a mail.
 * Without SMTP_URL the mail stays readable in the dev mailbox and, outside production, its text (with the link) is logged.
 */
export function startMailWorker(db: Db, config: AppConfig, logger: Logger, metrics?: Pick<Metrics, 'mailDeliveryFailures'>): MailWorker {
  const transport: Transporter | undefined = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  const claimBatch = () => claimDueMail(db, BATCH_SIZE, new Date(Date.now() + LEASE_MS));

  async function deliver(mail: OutboxRow) {
    try {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      } else if (config.env === 'production') {
        // No mailbox and no console reader to trust in production: the links stay out of the logs.
        logger.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
      } else {
        logger.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP_URL; see /dev/mailbox)\n${mail.text}`);
      }
      await markMailSent(db, mail.id);
    } catch (error) {
      const failed = mail.attempts >= MAX_ATTEMPTS;
      logger.warn({ err: error, to: mail.to, attempts: mail.attempts, failed }, 'mail delivery failed');
      metrics?.mailDeliveryFailures.inc({ outcome: failed ? 'failed' : 'retry' });
      await markMailFailed(db, mail.id, {
        failed,
        error: error instanceof Error ? error.message : String(error),
        nextAttemptAt: new Date(Date.now() + backoffMs(mail.attempts)),
      });
    }
  }

  const loop = startPollLoop({
    pollMs: POLL_MS,
    pass: async () => {
      const batch = await claimBatch();
      await Promise.all(batch.map(deliver));
      return batch.length > 0;
    },
    onError: (error) => logger.error({ err: error }, 'mail worker pass failed'),
  });

  return {
    kick: loop.kick,
    drain: loop.idle,
    stop: async () => {
      await loop.stop();
      transport?.close();
    },
  };
}
