import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, AVATAR_ERRORS, CHAT_ERRORS, uploadedAvatarIdOf, type TAgent, type TChatAttachment } from '@agentroom/shared';
import { attachments, dataExports } from '../../src/db/schema';
import { sendMessage, startConversation } from '../chat/chat-fixtures';
import { createLink, download, requestExport, unzip } from '../exports/export-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';
import { pngImage } from '../users/image-fixtures';
import { startTestS3, type TestS3 } from './s3-server';

/** supertest buffers text/* only; binary bodies are collected as bytes. */
const binary = <T extends { buffer(v: boolean): T; parse(fn: unknown): T }>(req: T) =>
  req.buffer(true).parse((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** One node whose files live in a real S3-compatible server (s3rver): every file path of the product through the bucket. */
describe('one node on S3', () => {
  let s3: TestS3;
  let server: TestServer;
  let ada: TestUser;
  let bob: TestUser;
  let conversationId: string;
  const REPORT = Buffer.from('%PDF-1.4 the quarterly report \u0000\u0001 bytes');

  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer(s3.env);
    await server.exports.pause();
    [ada, bob] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob')]);
    conversationId = (await startConversation(server, ada, bob)).id;
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
  });

  const uploadReport = async () => {
    const res = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(bearer(ada.token))
      .attach('files', REPORT, { filename: 'Bericht für Q3.pdf', contentType: 'application/pdf' })
      .expect(201);
    return (res.body.data.attachments as TChatAttachment[])[0]!;
  };

  it('keeps an attachment in the bucket and streams it to a participant with the usual headers', async () => {
    expect(server.ctx.files.kind).toBe('s3');
    const attachment = await uploadReport();
    const [row] = await server.ctx.db.select().from(attachments).where(eq(attachments.id, attachment.id));
    expect(await server.ctx.files.exists('uploads', row!.storageKey)).toBe(true);
    await sendMessage(server, ada, conversationId, 'the report', { attachmentIds: [attachment.id] });

    const res = await binary(server.api().get(`/api/v1/chat/attachments/${attachment.id}`).set(bearer(bob.token))).expect(200);
    expect(res.body).toEqual(REPORT);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(REPORT.length),
      'content-disposition': `attachment; filename="Bericht f_r Q3.pdf"; filename*=UTF-8''${encodeURIComponent('Bericht für Q3.pdf')}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    });
  });

  it('answers 404 in the envelope when the object is gone from the bucket', async () => {
    const attachment = await uploadReport();
    const [row] = await server.ctx.db.select().from(attachments).where(eq(attachments.id, attachment.id));
    await server.ctx.files.delete('uploads', row!.storageKey);
    const res = await server.api().get(pathOf(attachment.url)).expect(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: CHAT_ERRORS.attachmentNotFound });
  });

  it('refuses an image whose bytes are not that image, and puts nothing in the bucket', async () => {
    const res = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(bearer(ada.token))
      .attach('files', Buffer.from('not a png at all'), { filename: 'fake.png', contentType: 'image/png' })
      .expect(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('deletes the object with its message', async () => {
    const attachment = await uploadReport();
    const message = await sendMessage(server, ada, conversationId, 'to be deleted', { attachmentIds: [attachment.id] });
    const [row] = await server.ctx.db.select().from(attachments).where(eq(attachments.id, attachment.id));
    await server.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(ada.token)).expect(200);
    expect(await server.ctx.files.exists('uploads', row!.storageKey)).toBe(false);
  });

  it('serves an uploaded avatar from the bucket, with its validator, and deletes it when replaced', async () => {
    const first = await server.api().put('/api/v1/users/me/avatar').set(bearer(ada.token)).attach('avatar', await pngImage(), { filename: 'me.png', contentType: 'image/png' }).expect(200);
    const url = (first.body.data.agent as TAgent).avatarUrl!;
    const id = uploadedAvatarIdOf(url)!;
    expect(await server.ctx.files.exists('avatars', id)).toBe(true);
    const res = await binary(server.api().get(url)).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((res.body as Buffer).subarray(8, 12).toString('latin1')).toBe('WEBP');
    await server.api().get(url).set('If-None-Match', String(res.headers.etag)).expect(304);

    await server.api().put('/api/v1/users/me/avatar').set(bearer(ada.token)).attach('avatar', await pngImage(300, 300), { filename: 'me.png', contentType: 'image/png' }).expect(200);
    expect(await server.ctx.files.exists('avatars', id)).toBe(false);
    const gone = await server.api().get(url).expect(404);
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND', error: AVATAR_ERRORS.notFound });
    expect(gone.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('builds an export into the bucket, with the attachments read from it, and deletes it on expiry', async () => {
    const exportId = (await requestExport(server, ada)).id;
    expect(await server.exports.runOnce()).toBeGreaterThanOrEqual(1);
    const [row] = await server.ctx.db.select({ storageKey: dataExports.storageKey }).from(dataExports).where(eq(dataExports.id, exportId));
    expect(await server.ctx.files.exists('exports', row!.storageKey!)).toBe(true);

    const zip = await download(server, await createLink(server, ada, exportId)).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzip(zip.body as Buffer);
    const reports = [...entries.entries()].filter(([name]) => name.startsWith('files/') && name.endsWith('Bericht für Q3.pdf'));
    expect(reports.length).toBeGreaterThan(0);
    expect(Buffer.from(reports[0]![1])).toEqual(REPORT);

    await server.ctx.db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.id, exportId));
    await server.exports.runOnce();
    expect(await server.ctx.files.exists('exports', row!.storageKey!)).toBe(false);
  });

  it('when the bucket goes away: a download under way ends short, the node is not ready, and a download answers 503 in the envelope', async () => {
    const attachment = await uploadReport();
    const big = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(bearer(ada.token))
      .attach('files', Buffer.alloc(ATTACHMENT_MAX_BYTES, 97), { filename: 'big.txt', contentType: 'text/plain' })
      .expect(201);
    const bigUrl = `${server.url}${pathOf((big.body.data.attachments as TChatAttachment[])[0]!.url)}`;
    await server.api().get('/api/v1/health/ready').expect(200);

    // The bucket goes while the first bytes arrive: the client sees the answer end short, never a whole file.
    const cut = await new Promise<{ received: number; length: number; ended: 'error' | 'complete' }>((resolve, reject) => {
      http
        .get(bigUrl, (res) => {
          let received = 0;
          const length = Number(res.headers['content-length']);
          res.once('data', () => void s3.kill());
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.on('error', () => resolve({ received, length, ended: 'error' }));
          res.on('end', () => resolve({ received, length, ended: res.complete ? 'complete' : 'error' }));
        })
        .on('error', reject);
    });
    expect(cut.length).toBe(ATTACHMENT_MAX_BYTES);
    expect(cut.ended).toBe('error');
    expect(cut.received).toBeLessThan(cut.length);

    const ready = await server.api().get('/api/v1/health/ready').expect(503);
    expect(ready.body.details).toMatchObject({ storage: 'down' });
    const res = await server.api().get(pathOf(attachment.url)).expect(503);
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // The node still answers.
    await server.api().get('/api/v1/health/live').expect(200);
  });
});
