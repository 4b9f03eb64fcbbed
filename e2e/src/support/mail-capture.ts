import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

type Waiter = { to: string; resolve: (mail: CapturedMail) => void };

/**
 * A real SMTP server on a loopback port (the API delivers to it) plus a small HTTP window onto
 * it, because the journeys run in worker processes: GET /next?to=<address>&timeoutMs=<n>
 * answers the next mail to that address not yet handed out, waiting for it if need be.
 */
export async function startMailCapture() {
  const inbox: CapturedMail[] = [];
  const consumed = new Set<CapturedMail>();
  const waiters: Waiter[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => PostalMime.parse(raw))
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            const mail = { to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' };
            inbox.push(mail);
            const index = waiters.findIndex((w) => w.to === mail.to);
            if (index !== -1) {
              consumed.add(mail);
              waiters.splice(index, 1)[0]!.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  function nextMail(to: string, timeoutMs: number): Promise<CapturedMail | null> {
    const address = to.toLowerCase();
    const waiting = inbox.find((m) => m.to === address && !consumed.has(m));
    if (waiting) {
      consumed.add(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = { to: address, resolve };
      waiters.push(waiter);
      setTimeout(() => {
        const index = waiters.indexOf(waiter);
        if (index === -1) return;
        waiters.splice(index, 1);
        resolve(null);
      }, timeoutMs).unref();
    });
  }

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to');
    if (url.pathname !== '/next' || !to) {
      res.writeHead(404).end();
      return;
    }
    nextMail(to, Number(url.searchParams.get('timeoutMs') ?? 15_000)).then((mail) => {
      if (!mail) res.writeHead(504, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: `no mail to ${to}` }));
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mail));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxUrl: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
