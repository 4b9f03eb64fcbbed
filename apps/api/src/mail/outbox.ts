import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailContent } from './templates';

/** Call inside the transaction that creates the token the mail carries: both commit or neither. */
export async function enqueueMail(tx: DbOrTx, to: string, content: MailContent): Promise<void> {
  await tx.insert(emailOutbox).values({ to, subject: content.subject, text: content.text, html: content.html, headers: content.headers ?? {} });
}

