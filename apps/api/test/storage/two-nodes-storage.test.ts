import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedAvatarIdOf, type TAgent, type TChatAttachment } from '@agentroom/shared';
import { dataExports } from '../../src/db/schema';
import { startServer, type RunningServer } from '../../src/server';
import { sendMessage, startConversation } from '../chat/chat-fixtures';
import { createLink, requestExport, unzip } from '../exports/export-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer, type TestUser } from '../teams/team-helpers';
import { pngImage } from '../users/image-fixtures';
import { startTestS3, type TestS3 } from './s3-server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const binary = <T extends { buffer(v: boolean): T; parse(fn: unknown): T }>(req: T) =>
  req.buffer(true).parse((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/**
 * Two API nodes, each with its own data folder (a temporary one), sharing one Postgres and one S3
 * bucket: whatever file one node stores, the other serves, and a deletion on one is seen by both.
 */
describe.skipIf(!databaseUrl || !redisUrl)('two API nodes sharing one S3 bucket', () => {
  let s3: TestS3;
  let node1: TestServer;
  let node2: RunningServer;
  let ada: TestUser;
  let bob: TestUser;
  let conversationId: string;
  const api2 = () => request(node2.url);

  beforeAll(async () => {
    s3 = await startTestS3();
    node1 = await startTestServer({ REDIS_URL: redisUrl!, ...s3.env });
    await node1.exports.pause();
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    await node2.exports.pause();
    [ada, bob] = await Promise.all([signUpVerified(node1, 'ada'), signUpVerified(node1, 'bob')]);
    conversationId = (await startConversation(node1, ada, bob)).id;
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
    await s3?.close();
  });

  it('downloads on node 2 an attachment uploaded on node 1, and deleting it on node 2 removes it for node 1', async () => {
    expect(node1.ctx.files.tempDir).not.toBe(node2.ctx.files.tempDir);
    const bytes = Buffer.from('plans for the launch, uploaded on node 1');
    const uploaded = await node1
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(bearer(ada.token))
      .attach('files', bytes, { filename: 'plans.txt', contentType: 'text/plain' })
      .expect(201);
    const attachment = (uploaded.body.data.attachments as TChatAttachment[])[0]!;
    const message = await sendMessage(node1, ada, conversationId, 'the plans', { attachmentIds: [attachment.id] });

    const fetched = await binary(api2().get(`/api/v1/chat/attachments/${attachment.id}`).set(bearer(bob.token))).expect(200);
    expect(fetched.body).toEqual(bytes);

    await api2().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(ada.token)).expect(200);
    await node1.api().get(`/api/v1/chat/attachments/${attachment.id}`).set(bearer(bob.token)).expect(404);
  });

  it('serves on node 2 an avatar set on node 1, and not once node 1 removed it', async () => {
    const set = await node1.api().put('/api/v1/users/me/avatar').set(bearer(ada.token)).attach('avatar', await pngImage(), { filename: 'me.png', contentType: 'image/png' }).expect(200);
    const url = (set.body.data.agent as TAgent).avatarUrl!;
    expect(uploadedAvatarIdOf(url)).toBeDefined();
    const served = await binary(api2().get(url)).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((served.body as Buffer).subarray(8, 12).toString('latin1')).toBe('WEBP');

    await node1.api().delete('/api/v1/users/me/avatar').set(bearer(ada.token)).expect(200);
    await api2().get(url).expect(404);
  });

  it('downloads from node 1 an export built by node 2, and node 2 expiring it removes it for node 1', async () => {
    const exportId = (await requestExport(node1, ada)).id;
    expect(await node2.exports.runOnce()).toBeGreaterThanOrEqual(1);
    const link = await createLink(node1, ada, exportId);
    const zip = await binary(node1.api().get(link)).expect(200);
    expect([...unzip(zip.body as Buffer).keys()]).toContain('profile.json');

    const [row] = await node1.ctx.db.select({ storageKey: dataExports.storageKey }).from(dataExports).where(eq(dataExports.id, exportId));
    expect(await node1.ctx.files.exists('exports', row!.storageKey!)).toBe(true);
    const second = await createLink(node1, ada, exportId);
    await node1.ctx.db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.id, exportId));
    expect(await node2.exports.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await node1.ctx.files.exists('exports', row!.storageKey!)).toBe(false);
    expect((await node1.api().get(second)).status).toBe(410);
  });
});
