import { eq, inArray } from 'drizzle-orm';
import { attachments } from '../../src/db/schema';
import { sweepOrphanUploads } from '../../src/chat/orphan-upload-sweeper';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, CHAT_ERRORS, type TChatAttachment } from '@agentroom/shared';
import { signDownloadToken } from '../../src/chat/download-tokens';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, sendMessage, startConversation, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
let conversationId: string;
beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy')]);
  conversationId = (await startConversation(server, ada, bob)).id;
});
afterAll(async () => {
  await server?.stop();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
type File = { name: string; type: string; data: Buffer };
const file = (name: string, type: string, data: Buffer | string = 'hello'): File => ({ name, type, data: Buffer.from(data) });

function upload(as: User, files: File[], id = conversationId) {
  let req = server.api().post(`/api/v1/chat/conversations/${id}/attachments`).set(auth(as));
  for (const f of files) req = req.attach('files', f.data, { filename: f.name, contentType: f.type });
  return req;
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** supertest buffers text/* only; binary bodies are collected as bytes. */
const bytes = (res: { body: unknown }) => res.body as Buffer;
const binary = <T extends { buffer(v: boolean): T; parse(fn: unknown): T }>(req: T) =>
  req.buffer(true).parse((res: NodeJS.ReadableStream, done: (e: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('uploading', () => {
  it('stores several files and returns them with signed URLs', async () => {
    const res = await upload(ada, [file('notes.txt', 'text/plain', 'some notes'), file('pic.png', 'image/png', PNG), file('Résumé.pdf', 'application/pdf', '%PDF-1.4')]).expect(201);
    const attachments = res.body.data.attachments as TChatAttachment[];
    expect(attachments.map((a) => [a.filename, a.mime, a.size])).toEqual([
      ['notes.txt', 'text/plain', 10],
      ['pic.png', 'image/png', PNG.length],
      ['Résumé.pdf', 'application/pdf', 8],
    ]);
    for (const a of attachments) expect(a.url).toMatch(new RegExp(`^/api/v1/chat/attachments/${a.id}\\?token=\\d+\\.[\\w-]{43}$`));
  });

  it('refuses a file over the size limit with 413, a wrong type with 415, too many files or none with 400', async () => {
    const big = await upload(ada, [file('big.txt', 'text/plain', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 97))]).expect(413);
    expect(big.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', error: CHAT_ERRORS.fileTooLarge });
    const html = await upload(ada, [file('page.html', 'text/html', '<script>alert(1)</script>')]).expect(415);
    expect(html.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: CHAT_ERRORS.unsupportedFileType });
    const fakePng = await upload(ada, [file('evil.png', 'image/png', '<html><script>x</script></html>')]).expect(415);
    expect(fakePng.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const many = await upload(ada, Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, 'text/plain'))).expect(400);
    expect(many.body.error).toBe(CHAT_ERRORS.tooManyFiles);
    expect((await upload(ada, []).expect(400)).body.error).toBe(CHAT_ERRORS.noFiles);
    const json = await server.api().post(`/api/v1/chat/conversations/${conversationId}/attachments`).set(auth(ada)).send({ a: 1 }).expect(400);
    expect(json.body.error).toBe(CHAT_ERRORS.noFiles);
    const broken = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversationId}/attachments`)
      .set(auth(ada))
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nunterminated')
      .expect(400);
    expect(broken.body.success).toBe(false);
  });

  it('answers 404 to a non-participant, an unknown or a malformed conversation', async () => {
    await upload(cy, [file('x.txt', 'text/plain')]).expect(404);
    await upload(ada, [file('x.txt', 'text/plain')], randomUUID()).expect(404);
    await upload(ada, [file('x.txt', 'text/plain')], 'nope').expect(404);
    await server.api().post(`/api/v1/chat/conversations/${conversationId}/attachments`).attach('files', Buffer.from('x'), 'x.txt').expect(401);
  });
});

describe('sending with attachments and downloading', () => {
  it('attaches uploads to a message, even without text, and serves them only to participants', async () => {
    const uploaded = (await upload(ada, [file('report.txt', 'text/plain', 'quarterly'), file('pic.png', 'image/png', PNG)]).expect(201)).body.data
      .attachments as TChatAttachment[];
    const message = await sendMessage(server, ada, conversationId, '', { attachmentIds: uploaded.map((a) => a.id) });
    expect(message.content).toBe('');
    expect(message.attachments.map((a) => a.filename)).toEqual(['report.txt', 'pic.png']);
    const [report, pic] = message.attachments as [TChatAttachment, TChatAttachment];

    const page = await server.api().get(`/api/v1/chat/conversations/${conversationId}/messages`).set(auth(bob)).expect(200);
    expect(page.body.data.messages.at(-1).attachments.map((a: TChatAttachment) => a.id)).toEqual([report.id, pic.id]);

    const download = await server.api().get(`/api/v1/chat/attachments/${report.id}`).set(auth(bob)).expect(200);
    expect(download.text).toBe('quarterly');
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="report.txt"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const image = await binary(server.api().get(pathOf(pic.url))).expect(200);
    expect(bytes(image).equals(PNG)).toBe(true);
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    await server.api().get(`/api/v1/chat/attachments/${report.id}`).set(auth(cy)).expect(404);
    await server.api().get(`/api/v1/chat/attachments/${report.id}`).expect(401);
    await server.api().get(`/api/v1/chat/attachments/${randomUUID()}`).set(auth(bob)).expect(404);
    await server.api().get('/api/v1/chat/attachments/..%2f..%2fetc%2fpasswd').set(auth(bob)).expect(404);
  });

  it('refuses forged, expired or other attachments’ tokens', async () => {
    const [one, two] = (await upload(ada, [file('a.txt', 'text/plain', 'A'), file('b.txt', 'text/plain', 'B')]).expect(201)).body.data
      .attachments as TChatAttachment[];
    const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
    await server.api().get(`/api/v1/chat/attachments/${two!.id}?token=${tokenOf(one!.url)}`).expect(403);
    await server.api().get(`/api/v1/chat/attachments/${one!.id}?token=garbage`).expect(403);
    const expired = signDownloadToken(server.ctx.config.jwtSecret, one!.id, Date.now() - 3 * 3600_000);
    expect((await server.api().get(`/api/v1/chat/attachments/${one!.id}?token=${expired}`).expect(403)).body.error).toBe(
      CHAT_ERRORS.invalidDownloadLink,
    );
    const forged = signDownloadToken('some-other-secret-of-at-least-32-chars!!', one!.id);
    await server.api().get(`/api/v1/chat/attachments/${one!.id}?token=${forged}`).expect(403);
    expect((await server.api().get(pathOf(one!.url)).expect(200)).text).toBe('A');
  });

  it('keeps unsent uploads private to the uploader and lets only the uploader claim them, once', async () => {
    const [draft] = (await upload(ada, [file('draft.txt', 'text/plain', 'draft')]).expect(201)).body.data.attachments as TChatAttachment[];
    await server.api().get(`/api/v1/chat/attachments/${draft!.id}`).set(auth(bob)).expect(404);
    await server.api().get(`/api/v1/chat/attachments/${draft!.id}`).set(auth(ada)).expect(200);

    const post = (as: User, ids: string[]) =>
      server.api().post(`/api/v1/chat/conversations/${conversationId}/messages`).set(auth(as)).send({ content: 'see file', clientMessageId: randomUUID(), attachmentIds: ids });
    expect((await post(bob, [draft!.id]).expect(400)).body.error).toBe(CHAT_ERRORS.attachmentNotFound);
    await post(ada, [draft!.id]).expect(201);
    await post(ada, [draft!.id]).expect(400);

    const other = await startConversation(server, ada, cy);
    const [elsewhere] = (await upload(ada, [file('x.txt', 'text/plain')], other.id).expect(201)).body.data.attachments as TChatAttachment[];
    await post(ada, [elsewhere!.id]).expect(400);
  });
});

describe('abandoned uploads', () => {
  it('are deleted, row and file, a day after upload when no message took them; sent and recent ones stay', async () => {
    const [sent, recent, abandoned] = await Promise.all(
      ['sent.txt', 'recent.txt', 'abandoned.txt'].map(
        async (name) => (await upload(ada, [file(name, 'text/plain', name)]).expect(201)).body.data.attachments[0] as TChatAttachment,
      ),
    );
    await sendMessage(server, ada, conversationId, 'with a file', { attachmentIds: [sent!.id] });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);
    await server.ctx.db.update(attachments).set({ createdAt: hoursAgo(25) }).where(inArray(attachments.id, [sent!.id, abandoned!.id]));
    await server.ctx.db.update(attachments).set({ createdAt: hoursAgo(1) }).where(eq(attachments.id, recent!.id));
    const rows = await server.ctx.db.select().from(attachments).where(eq(attachments.id, abandoned!.id));
    const abandonedKey = rows[0]!.storageKey;
    expect(await server.ctx.files.exists('uploads', abandonedKey)).toBe(true);

    expect(await sweepOrphanUploads(server.ctx)).toBe(1);
    const left = await server.ctx.db.select({ id: attachments.id }).from(attachments).where(inArray(attachments.id, [sent!.id, recent!.id, abandoned!.id]));
    expect(left.map((r) => r.id).sort()).toEqual([sent!.id, recent!.id].sort());
    expect(await server.ctx.files.exists('uploads', abandonedKey)).toBe(false);
    await server.api().get(pathOf(abandoned!.url)).expect(404);
    await server.api().get(pathOf(sent!.url)).expect(200);
  });
});
