import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailCapture as startSmtpCapture } from '@agentroom/testkit';

/**
 * The testkit's SMTP capture (the API delivers to it) plus a small HTTP window onto it, because
 * the journeys run in worker processes: GET /next?to=<address>&timeoutMs=<n> answers the next
 * mail to that address not yet handed out, waiting for it if need be (504 when none came).
 */
export async function startMailCapture() {
  const smtp = await startSmtpCapture();
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to');
    if (url.pathname !== '/next' || !to) {
      res.writeHead(404).end();
      return;
    }
    smtp.nextMail(to, Number(url.searchParams.get('timeoutMs') ?? 15_000)).then(
      (mail) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mail)),
      () => res.writeHead(504, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: `no mail to ${to}` })),
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
