import { inject } from 'vitest';
import type { CapturedMail } from '@agentroom/testkit';

/** Words each kind of mail has in its subject: a journey waits for one kind, to one address. */
export const SUBJECTS = {
  verifyEmail: 'Verify your email',
  resetPassword: 'Reset your',
  magicLink: 'sign-in link',
  invitation: 'invited you to',
  unreadMessages: 'New messages',
} as const;

/**
 * The next mail to `to` whose subject contains `subject` (waiting for it), read from the capture the
 * global setup runs. Both count: the same person may also get other mails meanwhile, such as the
 * unread-messages mail, which the e2e server sends after a short delay.
 */
export async function nextMail(to: string, subject: string, timeoutMs = 15_000): Promise<CapturedMail> {
  const query = new URLSearchParams({ to, subject, timeoutMs: String(timeoutMs) });
  const response = await fetch(`${inject('mailboxUrl')}/next?${query}`);
  if (!response.ok) throw new Error(`no mail to ${to} about "${subject}" within ${timeoutMs} ms`);
  return (await response.json()) as CapturedMail;
}

/**
 * The full link to `linkPath` in a mail, e.g. linkFromMail(mail, '/auth/verify-email'): its token,
 * and the `next` it carries back (an invitation) when there is one.
 */
export function linkFromMail(mail: CapturedMail, linkPath: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${linkPath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+(?:&next=[^\\s]+)?`));
  if (!match) throw new Error(`no ${linkPath} link in mail "${mail.subject}"`);
  return match[0];
}
