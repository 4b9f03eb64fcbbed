import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types: HttpEce below is the part used here.
import httpEce from 'http_ece';

/** The part of `http_ece` (Encrypted Content-Encoding, RFC 8188; it ships no types) used here. */
interface HttpEce {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
const { decrypt } = httpEce as HttpEce;

/** A browser's push subscription as PushManager hands it to the web app (and the app to the API). */
export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** The subscription (device) it was sent to. */
  endpoint: string;
  /** By lower-case name, as node:http gives them: `ttl`, `urgency`, `authorization` (the VAPID JWT), `content-encoding`. */
  headers: IncomingHttpHeaders;
  /** The body decrypted with the subscription's private key and auth secret, parsed as JSON (null when it was not JSON). */
  payload: unknown;
  /** The decrypted body as text. */
  text: string;
  /** What the receiver answered: 201, or the status it was told to give (404/410: the device is gone). */
  status: PushAnswer;
}

/** How the push service answers a delivery: 201 (taken), 404 / 410 (the subscription is gone), or any other status. */
export type PushAnswer = 201 | 404 | 410 | number;

interface Device {
  path: string;
  ecdh: ECDH;
  auth: Buffer;
  answers: PushAnswer[];
}

type Waiter = { accept: (push: ReceivedPush) => boolean; resolve: (push: ReceivedPush) => void };

/**
 * A real HTTP server on a loopback port playing a push service (FCM, Mozilla autopush, Apple): it
 * makes subscriptions as a browser would (a P-256 ECDH key pair and a 16-byte auth secret, with an
 * endpoint of its own), takes Web Push POSTs, and decrypts each aes128gcm body with the device's
 * private key and auth secret (RFC 8291: the real encryption, so a wrong key fails here). It answers
 * 201 unless told otherwise per device. Tests read what arrived or wait for the next push (a promise
 * resolved on arrival, no sleeps).
 */
export async function startPushReceiver() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  /** Deliveries that could not be decrypted or addressed (a test that expects none can check this). */
  const failures: { endpoint: string; error: string }[] = [];
  const waiters: Waiter[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://push').pathname;
      const device = devices.get(path);
      const endpoint = `${base}${path}`;
      if (!device || req.method !== 'POST') {
        failures.push({ endpoint, error: `no device at ${req.method} ${path}` });
        res.writeHead(404).end();
        return;
      }
      const answer = device.answers.shift() ?? 201;
      let text: string;
      try {
        text = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8');
      } catch (error) {
        failures.push({ endpoint, error: error instanceof Error ? error.message : String(error) });
        res.writeHead(400).end('cannot decrypt');
        return;
      }
      let payload: unknown = null;
      try {
        payload = JSON.parse(text);
      } catch {
        // Not JSON: the test reads `text`.
      }
      // Refused deliveries (404/410) are recorded too, with their status: a test waits for the refusal.
      const push: ReceivedPush = { endpoint, headers: req.headers, payload, text, status: answer };
      received.push(push);
      for (const waiter of [...waiters]) {
        if (!waiter.accept(push)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(push);
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    /** Where the receiver listens (its host goes in PUSH_ALLOWED_HOSTS). */
    origin: base,
    received,
    failures,
    /** A new device's subscription: its endpoint on this receiver and its keys (base64url, as the browser gives them). */
    subscribe(): PushSubscriptionJson {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      devices.set(path, { path, ecdh, auth, answers: [] });
      return { endpoint: `${base}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    /** The statuses the device answers its next deliveries with, in order (201 once they run out). */
    answer(endpoint: string, ...answers: PushAnswer[]) {
      const device = devices.get(new URL(endpoint).pathname);
      if (!device) throw new Error(`no device ${endpoint}`);
      device.answers.push(...answers);
    },
    /** What was delivered to the device at `endpoint` (refused ones included, see `status`), in order. */
    at: (endpoint: string) => received.filter((push) => push.endpoint === endpoint),
    /** Resolves with the next push to arrive (at `endpoint` when given) that `accept` takes. */
    next(endpoint?: string, accept: (push: ReceivedPush) => boolean = () => true): Promise<ReceivedPush> {
      return new Promise((resolve) => waiters.push({ accept: (push) => (endpoint === undefined || push.endpoint === endpoint) && accept(push), resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
