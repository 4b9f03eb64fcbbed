import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailCapture as startSmtpCapture } from '@agentroom/testkit';

/**
 * The testkit's SMTP capture (the API delivers to it) plus a small HTTP window onto it, because
 * the journeys run in worker processes: GET /next?to=<address>&subject=<text>&timeoutMs=<n> answers
 * the next mail to that address, with that text in its subject, not yet handed out, waiting for it if
 * need be (504 when none came). Every journey names the subject: a person may get more than one kind
 * of mail (the unread-messages mail comes on its own, after a delay).
 */
export async function startMailCapture() {
  const smtp = await startSmtpCapture();
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to');
    const subject = url.searchParams.get('subject');
    if (url.pathname !== '/next' || !to || !subject) {
      res.writeHead(404).end();
      return;
    }
    smtp.nextMail(to, Number(url.searchParams.get('timeoutMs') ?? 15_000), subject).then(
      (mail) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mail)),
      () => res.writeHead(504, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: `no mail to ${to} about "${subject}"` })),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), smtp.close()]);
    },
  };
}
