import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromMail } from '@agentroom/testkit';
import { redactUrl } from '../../src/http/log-safety';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';

/** Everything the server logs, as text. */
function captureLogs() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => text };
}

describe('secrets never reach the logs', () => {
  let server: TestServer;
  const logs = captureLogs();
  beforeAll(async () => {
    server = await startTestServer({}, undefined, { logger: logs.logger });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs requests without bearer tokens, cookies, emailed tokens or download tokens', async () => {
    const user = await signUpVerified(server, 'logs');
    await server.api().get('/api/v1/auth/me').set('Authorization', `Bearer ${user.token}`).set('Cookie', `session=${user.token}`).expect(200);
    await server.api().post('/api/v1/auth/email/send-magic-link').send({ email: user.email }).expect(200);
    const magicToken = tokenFromMail(await server.mail.nextMail(user.email), '/auth/magic-link');
    // The link as a browser opens it (token in the query), then as the SPA posts it (token in the body).
    await server.api().get(`/auth/magic-link?token=${magicToken}`);
    const signedIn = await server.api().post('/api/v1/auth/email/verify-magic-link').send({ token: magicToken }).expect(200);
    const downloadToken = `${Math.floor(Date.now() / 1000) + 3600}.${randomBytes(32).toString('base64url')}`;
    await server.api().get(`/api/v1/chat/attachments/00000000-0000-4000-8000-000000000000?t=1&token=${downloadToken}`);

    const logged = logs.text();
    expect(logged).toContain('/auth/magic-link?token=[redacted]'); // request logging is on: the test is not vacuous
    for (const secret of [user.token, magicToken, downloadToken, signedIn.body.data.token as string]) expect(logged).not.toContain(secret);
  });

  it('logs a failed query with its SQL state but without the values bound to it', async () => {
    const secret = `secret-${randomBytes(12).toString('hex')}`;
    const failure = await server.ctx.db.execute(sql`select ${secret}::uuid`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(secret); // drizzle and Postgres both quote it
    server.ctx.logger.error({ err: failure }, 'query failed');
    const line = logs
      .text()
      .split('\n')
      .find((l) => l.includes('query failed'));
    expect(line).toBeDefined();
    expect(line).toContain('22P02');
    expect(line).toContain('select $1::uuid');
    expect(logs.text()).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(redactUrl('/a?token=abc&page=2')).toBe('/a?token=[redacted]&page=2');
    expect(redactUrl('/a?t=1&SIGNATURE=x&q=hi')).toBe('/a?t=[redacted]&SIGNATURE=[redacted]&q=hi');
    expect(redactUrl('/a?to%6Ben=abc')).toBe('/a?to%6Ben=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});
