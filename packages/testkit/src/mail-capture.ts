import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, by lower-case name (the last one wins). */
  headers: Record<string, string>;
}

type Waiter = { to: string; subject?: string; resolve: (mail: CapturedMail) => void; reject: (error: Error) => void };

/** To that address and, when a subject is given, with it in the subject line. */
const matches = (mail: CapturedMail, to: string, subject: string | undefined) => mail.to === to && (subject === undefined || mail.subject.includes(subject));

/** A real SMTP server on a random loopback port: the API delivers to it, tests read mail back. */
export async function startMailCapture() {
  const inbox: CapturedMail[] = [];
  const waiters: Waiter[] = [];
  const consumed = new Set<CapturedMail>();

  const deliverToWaiters = (mail: CapturedMail) => {
    const index = waiters.findIndex((w) => matches(mail, w.to, w.subject));
    if (index === -1) return;
    const [waiter] = waiters.splice(index, 1);
    consumed.add(mail);
    waiter!.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => PostalMime.parse(raw))
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const to of recipients) {
            const headers = Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value]));
            const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '', headers };
            inbox.push(mail);
            deliverToWaiters(mail);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /**
     * The next mail to `to` not yet handed out (already arrived, or the next to arrive); with `subject`,
     * the next one whose subject contains it (other mails to the address stay for their own readers).
     */
    nextMail(to: string, timeoutMs = 10_000, subject?: string): Promise<CapturedMail> {
      const address = to.toLowerCase();
      const waiting = inbox.find((m) => matches(m, address, subject) && !consumed.has(m));
      if (waiting) {
        consumed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { to: address, subject, resolve, reject };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index !== -1) {
            waiters.splice(index, 1);
            reject(new Error(`no mail to ${to}${subject === undefined ? '' : ` about "${subject}"`} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;

/** The token of the link in a mail, e.g. tokenFromMail(mail, '/auth/verify-email'). */
export function tokenFromMail(mail: CapturedMail, linkPath: string): string {
  const match = mail.text.match(new RegExp(`${linkPath.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${linkPath} link in mail "${mail.subject}"`);
  return match[1]!;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
