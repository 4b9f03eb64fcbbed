import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

type Waiter = { resolve: (text: string) => void; reject: (error: Error) => void };

/**
 * A real SMTP server on a loopback port (as in apps/api/test/support/mail-capture.ts): the API
 * mails verification links to it and the bench follows them, like a user would.
 */
export async function startMailCapture() {
  const inbox = new Map<string, string[]>();
  const waiters = new Map<string, Waiter[]>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => PostalMime.parse(raw))
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) deliver(rcpt.address.toLowerCase(), parsed.text ?? '');
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const deliver = (to: string, text: string) => {
    const waiter = waiters.get(to)?.shift();
    if (waiter) waiter.resolve(text);
    else inbox.set(to, [...(inbox.get(to) ?? []), text]);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The text of the next mail to `to`. */
    nextMail(to: string, timeoutMs = 30_000): Promise<string> {
      const address = to.toLowerCase();
      const waiting = inbox.get(address)?.shift();
      if (waiting !== undefined) return Promise.resolve(waiting);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { resolve, reject };
        waiters.set(address, [...(waiters.get(address) ?? []), waiter]);
        setTimeout(() => {
          const list = waiters.get(address) ?? [];
          if (list.includes(waiter)) {
            list.splice(list.indexOf(waiter), 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;

export function tokenFromMail(text: string, linkPath: string): string {
  const match = text.match(new RegExp(`${linkPath.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${linkPath} link in mail`);
  return match[1]!;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
