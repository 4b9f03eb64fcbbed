import { get } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatAttachment } from '@agentroom/shared';
import { errorHandler } from '../../src/http/error-handler';
import { auth, startConversation, type User } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

/** Every log line the server writes, parsed. */
function captureLogs() {
  const lines: { level: number; msg: string; url?: string; req?: { url?: string } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

const logs = captureLogs();
let server: TestServer;
let ada: User;
let bob: User;
beforeAll(async () => {
  server = await startTestServer({}, undefined, { logger: logs.logger });
  [ada, bob] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob')]);
});
afterAll(async () => {
  await server?.stop();
});

/** Reads the first bytes of a download, then hangs up, as a browser does when the user cancels. */
function startThenCancel(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = get(`${server.url}${path}`, (res) => {
      expect(res.statusCode).toBe(200);
      res.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

/** Waits (on the log itself, not on a timer) for a line about the request to `path`. */
async function logged(path: string, accept: (line: (typeof logs.lines)[number]) => boolean) {
  const attachmentId = path.split('/').at(-1)!.split('?')[0]!;
  for (;;) {
    const line = logs.lines.find((l) => (l.req?.url ?? l.url)?.includes(attachmentId) && accept(l));
    if (line) return line;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a download the client cancels', () => {
  it('is logged at debug or info level, never as an error', async () => {
    const conversationId = (await startConversation(server, ada, bob)).id;
    const big = Buffer.alloc(8 * 1024 * 1024, 'all work and no play. ');
    const uploaded = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(auth(ada))
      .attach('files', big, { filename: 'big.txt', contentType: 'text/plain' })
      .expect(201);
    const [file] = uploaded.body.data.attachments as TChatAttachment[];
    const path = file!.url.replace(/^https?:\/\/[^/]+/, '');
    const before = logs.lines.length;

    await startThenCancel(path);
    // The request's end (pino-http), and what the download's handler made of its broken pipe.
    const ended = await logged(path, (l) => l.msg === 'request aborted' || l.msg === 'request completed');
    const handled = await logged(path, (l) => !l.req && l.level >= 20 && l.msg !== 'request aborted');

    expect(ended.msg).toBe('request aborted'); // the cancel really reached the server: the test is not vacuous
    expect(handled).toMatchObject({ level: 20, msg: 'client went away' });
    const lines = logs.lines.slice(before);
    expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
  });
});

describe('the error handler', () => {
  it('answers nothing and logs at debug level when the client left before the answer began', () => {
    const logs = captureLogs();
    const sent: unknown[] = [];
    const req = { destroyed: true, socket: { destroyed: true }, method: 'GET', originalUrl: '/api/v1/chat/attachments/x', headers: {} };
    const res = { destroyed: true, writableFinished: false, headersSent: false, status: () => res, json: (body: unknown) => sent.push(body), setHeader: () => res };
    const premature = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    errorHandler(logs.logger)(premature, req as never, res as never, () => {});
    expect(sent).toEqual([]);
    expect(logs.lines.map((l) => [l.level, l.msg])).toEqual([[20, 'client went away']]);
  });

  it('still logs an ECONNRESET as an error while the client is there (the database went away, not the client)', () => {
    const logs = captureLogs();
    const req = { destroyed: false, socket: { destroyed: false }, method: 'GET', originalUrl: '/api/v1/x', headers: {} };
    const res = { destroyed: false, writableFinished: false, headersSent: false, statusCode: 200, status: () => res, json: () => res, setHeader: () => res };
    errorHandler(logs.logger)(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), req as never, res as never, () => {});
    expect(logs.lines.map((l) => [l.level, l.msg])).toEqual([[50, 'unhandled error']]);
  });
});
