import { inject } from 'vitest';
import type { CapturedMail } from '@agentroom/testkit';

/** The next mail to `to` (waiting for it), read from the capture the global setup runs. */
export async function nextMail(to: string, timeoutMs = 15_000): Promise<CapturedMail> {
  const url = `${inject('mailboxUrl')}/next?to=${encodeURIComponent(to)}&timeoutMs=${timeoutMs}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
  return (await response.json()) as CapturedMail;
}

/** The full link to `linkPath` in a mail, e.g. linkFromMail(mail, '/auth/verify-email'). */
export function linkFromMail(mail: CapturedMail, linkPath: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${linkPath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${linkPath} link in mail "${mail.subject}"`);
  return match[0];
}
