import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatAttachment } from '@agentroom/shared';
import { compressResponses } from '../../src/http/web-app';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, sendMessage, startConversation } from '../chat/chat-fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROBOTS = path.resolve(here, '../../../web/public/robots.txt');

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request with node's own client: no automatic decompression, so the bytes are what the server
 * sent, and the path goes out as written (a URL string would have `%2e%2e` resolved first).
 */
function rawRequest(
  url: string,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: options.path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const SCRIPT = `export const greeting = ${JSON.stringify('hello from a hashed chunk '.repeat(200))};\n`;
const INDEX = '<!doctype html><html><head><title>Agentroom</title></head><body><div id="root" data-test="spa-index"></div></body></html>\n';

/** A build of the web app as `vite build` lays it out: hashed assets with their .br and .gz, and the public files. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agentroom-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  copyFileSync(ROBOTS, path.join(dir, 'robots.txt'));
  const script = path.join(dir, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets', 'tiny-Zz99Yy88.js'), 'export {};\n');
  return dir;
}

let webDir: string;
let server: TestServer;
beforeAll(async () => {
  webDir = fakeWebBuild();
  server = await startTestServer({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await server?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => rawRequest(server.url, { path: p, headers });
const postJson = (p: string, body: object, headers: Record<string, string>) =>
  rawRequest(server.url, { path: p, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

describe('hashed assets', () => {
  it('are sent precompressed as the client accepts (brotli first, then gzip, else as they are), cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const refused = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is a plain 404, never the app page; nothing outside assets/ can be reached through it', async () => {
    for (const p of ['/assets/index-Gone0000.js', '/assets/style-Gone0000.css', '/assets/%2e%2e/index.html', '/assets/..%2Findex.html', '/assets/']) {
      const res = await get(p, { 'accept-encoding': 'br' });
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body.toString()).not.toContain('spa-index');
    }
  });
});

describe('pages', () => {
  it("the app's own pages get index.html with 200, revalidated on every visit", async () => {
    for (const p of ['/', '/auth/login', '/auth/register', '/t/demo', '/t/demo/p/maya', '/p/@maya', '/invite?token=abc', '/index.html']) {
      const res = await get(p);
      expect({ p, status: res.status }).toEqual({ p, status: 200 });
      expect(res.body.toString()).toContain('spa-index');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('an unknown path is a 404: the app page (its not-found screen) for page-like paths, plain text for file-like ones', async () => {
    for (const p of ['/wp-admin/', '/t/demo/members/x', '/nope']) {
      const res = await get(p);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.body.toString()).toContain('spa-index');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const p of ['/foo.php', '/wp-login.php', '/favicon.ico', '/.env', '/wp-admin/install.php']) {
      const res = await get(p);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body.toString()).not.toContain('spa-index');
    }
  });

  it('robots.txt is a real one: sign-in pages may be indexed, the API and one-time links are not', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/auth\/reset-password$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe('compression of API answers', () => {
  it('JSON of 1 KiB or more is sent with brotli or gzip; small answers are sent as they are', async () => {
    const br = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).openapi).toMatch(/^3\.1/);

    const gz = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toMatch(/^3\.1/);

    const small = await get('/api/v1/health/live', { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("opening a chat (a POST answered with a page of history) is compressed; a send's answer is not", async () => {
    const [ada, bob] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob')]);
    const conversation = await startConversation(server, ada, bob);
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}: ${'the same long words again '.repeat(8).trim()}`);
    for (const line of lines) await sendMessage(server, ada, conversation.id, line);

    const open = await postJson('/api/v1/chat/open', { username: bob.username }, { ...auth(ada), 'accept-encoding': 'br, gzip' });
    expect(open.status).toBe(200);
    expect(open.headers['content-encoding']).toBe('br');
    const opened = JSON.parse(brotliDecompressSync(open.body).toString()).data;
    expect(opened.page.messages.map((m: { content: string }) => m.content)).toEqual(lines);

    const long = 'a long message that is sent and echoed back to its sender '.repeat(40).trim();
    const send = await postJson(
      `/api/v1/chat/conversations/${conversation.id}/messages/async`,
      { content: long, clientMessageId: randomUUID() },
      { ...auth(ada), 'accept-encoding': 'br, gzip' },
    );
    expect(send.status).toBe(201);
    expect(send.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(send.body.toString()).data.participantMessage.content).toBe(long);
  });

  it('attachment downloads of compressed types (images, PDFs) keep their bytes and length; text files may be compressed', async () => {
    const [ada, bob] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob')]);
    const conversation = await startConversation(server, ada, bob);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 7)]);
    const text = 'a line of notes\n'.repeat(200);
    const res = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversation.id}/attachments`)
      .set(auth(ada))
      .attach('files', png, { filename: 'pic.png', contentType: 'image/png' })
      .attach('files', Buffer.from(text), { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(201);
    const [pic, notes] = res.body.data.attachments as TChatAttachment[];

    const image = await get(pic!.url, { 'accept-encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-length']).toBe(String(png.length));
    expect(image.body.equals(png)).toBe(true);

    const notesRes = await get(notes!.url, { 'accept-encoding': 'br' });
    expect(notesRes.status).toBe(200);
    expect(notesRes.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(notesRes.body).toString()).toBe(text);
  });

  it('Socket.IO is left to engine.io: its polling handshake is not brotli-compressed', async () => {
    const res = await get('/socket.io/?EIO=4&transport=polling', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).not.toBe('br');
    expect(res.body.toString()).toMatch(/^0\{"sid":/);
  });

  it('an event stream is neither compressed nor buffered: the first event arrives while the stream is still open', async () => {
    const app = express();
    app.use(compressResponses());
    let finish = () => {};
    app.get('/events', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.flushHeaders();
      res.write(`data: ${'x'.repeat(2048)}\n\n`);
      finish = () => res.end('data: done\n\n');
    });
    const listener = app.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    try {
      const { port } = listener.address() as AddressInfo;
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`http://127.0.0.1:${port}/events`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve).on('error', reject),
      );
      expect(response.headers['content-encoding']).toBeUndefined();
      const [first] = (await once(response, 'data')) as [Buffer];
      expect(first.toString()).toMatch(/^data: x+/);
      finish();
      await once(response, 'end');
    } finally {
      listener.close();
    }
  });
});

it('the robots.txt the web build ships is the one tested above', () => {
  expect(readFileSync(path.join(webDir, 'robots.txt'), 'utf8')).toBe(readFileSync(ROBOTS, 'utf8'));
});
