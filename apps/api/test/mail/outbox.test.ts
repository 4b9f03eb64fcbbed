import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema';
import { startTestServer, uniqueUser, type TestServer } from '../support/test-server';
import { startMailCapture } from '@agentroom/testkit';

describe('mail outbox', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps mail when SMTP is down and delivers it once SMTP answers', async () => {
    // A port nothing listens on: delivery fails, the row stays pending with the error recorded.
    const capture = await startMailCapture();
    const port = Number(new URL(capture.url).port);
    await capture.close();
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const input = uniqueUser('outbox');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    await server.mailWorker.drain();
    const [row] = await server.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, input.email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: '' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows outbox mail with its link at /dev/mailbox and its API', async () => {
    const input = uniqueUser('devmail');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    await server.mailWorker.drain();
    const api = await server.api().get('/api/v1/dev/mailbox').expect(200);
    const mail = api.body.data.messages.find((m: { to: string }) => m.to === input.email);
    expect(mail).toMatchObject({ status: 'sent' });
    expect(mail.text).toContain('http://agentroom.test/auth/verify-email?token=');
    const page = await server.api().get('/dev/mailbox').expect(200);
    expect(page.text).toContain(input.email);
    expect(page.text).toContain('<a href="http://agentroom.test/auth/verify-email?token=');
  });
});
