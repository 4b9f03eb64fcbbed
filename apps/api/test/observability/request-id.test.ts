import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { createTestDatabase } from '../support/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

let server: RunningServer;
let dropDatabase: () => Promise<void>;
const logLines: LogLine[] = [];
const api = () => request(server.url);

/** A development-mode server (request logging on) whose pino writes into `logLines`. */
beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    SEED_DEMO: 'false',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  server = await startServer(config, { logger: pino({ level: 'info' }, memory) });
});
afterAll(async () => {
  // The last test closes the database under the server; closing it again may fail.
  await server?.close().catch(() => undefined);
  await dropDatabase?.();
});

describe('X-Request-Id', () => {
  it('every response carries one, a fresh uuid per request', async () => {
    const [one, two] = await Promise.all([api().get('/api/v1/health').expect(200), api().get('/nowhere').expect(404)]);
    expect(one.headers['x-request-id']).toMatch(UUID);
    expect(two.headers['x-request-id']).toMatch(UUID);
    expect(one.headers['x-request-id']).not.toBe(two.headers['x-request-id']);
  });

  it('the error envelope carries it beside its usual fields', async () => {
    const res = await api().get('/api/v1/users/me').expect(401);
    expect(res.body).toEqual({ success: false, error: expect.any(String), code: 'UNAUTHENTICATED', requestId: res.headers['x-request-id'] });
    const invalid = await api().post('/api/v1/auth/login').set('Content-Type', 'application/json').send('{"broken').expect(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'INVALID_JSON', requestId: invalid.headers['x-request-id'] });
  });

  it("a proxy's sane id is kept; anything else is replaced by a uuid", async () => {
    const kept = await api().get('/api/v1/users/me').set('X-Request-Id', 'edge-7f3A.b_c-9').expect(401);
    expect(kept.headers['x-request-id']).toBe('edge-7f3A.b_c-9');
    expect(kept.body.requestId).toBe('edge-7f3A.b_c-9');
    for (const bad of ['has space', 'a'.repeat(65), 'x;drop', 'line\tbreak', '']) {
      const res = await api().get('/api/v1/health').set('X-Request-Id', bad).expect(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const longest = 'b'.repeat(64);
    expect((await api().get('/api/v1/health').set('X-Request-Id', longest)).headers['x-request-id']).toBe(longest);
  });

  it("is in the request's log line", async () => {
    const res = await api().get('/api/v1/users/me').set('X-Request-Id', 'trace-log-line-1').expect(401);
    await expect.poll(() => logLines.find((line) => line.reqId === 'trace-log-line-1')).toBeDefined();
    const line = logLines.find((l) => l.reqId === 'trace-log-line-1')!;
    expect(line).toMatchObject({ msg: 'request completed', res: { statusCode: 401 } });
    expect(res.body.requestId).toBe(line.reqId);
  });

  it("a server error's envelope names the log line with the error", async () => {
    await server.ctx.database.close(); // every query from now on fails
    const res = await api()
      .post('/api/v1/auth/login')
      .send({ username: 'someone', password: 'Passw0rdOk' })
      .expect(500);
    expect(res.body).toMatchObject({ success: false, code: 'INTERNAL', requestId: res.headers['x-request-id'] });
    const errorLine = logLines.find((line) => line.msg === 'unhandled error' && line.reqId === res.body.requestId);
    expect(errorLine).toMatchObject({ level: 50, err: expect.objectContaining({ message: expect.any(String) }) });
  });
});
