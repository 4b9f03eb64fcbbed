import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatAttachment, TReplyContextResponse } from '@agentroom/shared';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '@agentroom/testkit';
import { attachmentExtracts } from '../../src/db/schema';
import { auth, closeSockets, sendMessage, type User } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { chatWithAiAgent, nextMessageFrom } from './ai-fixtures';

/** A small valid PDF, one page per text (Helvetica, one line each), written by hand: header, objects, xref, trailer. */
function pdfOf(pages: string[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pages.forEach((text, i) => {
    const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
type File = { name: string; type: string; data: Buffer };

async function upload(server: TestServer, as: User, conversationId: string, files: File[]): Promise<TChatAttachment[]> {
  let req = server.api().post(`/api/v1/chat/conversations/${conversationId}/attachments`).set(auth(as));
  for (const f of files) req = req.attach('files', f.data, { filename: f.name, contentType: f.type });
  return (await req.expect(201)).body.data.attachments;
}

/** Everything the model was sent, as one text (file blocks may be strings or parts). */
const sentText = (request: RecordedRequest) => JSON.stringify(request.messages);

let llm: FakeLlm;
afterEach(() => closeSockets());
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => llm?.close());

describe('an AI agent reads the files shared with it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_SUPPORTS_IMAGES: 'false' });
  });
  afterAll(async () => server?.stop());

  /** Sends `content` with `files` to the agent; answers the reply and the model request that wrote it. */
  async function sendWithFiles(chat: Awaited<ReturnType<typeof chatWithAiAgent>>, content: string, files: File[]) {
    const attachments = await upload(server, chat.user, chat.conversation.id, files);
    const reply = nextMessageFrom(chat.socket, chat.agent.id);
    const before = llm.requests.length;
    const sent = await sendMessage(server, chat.user, chat.conversation.id, content, { attachmentIds: attachments.map((a) => a.id) });
    const stored = await reply;
    expect(llm.requests.length).toBe(before + 1);
    return { attachments, sent, reply: stored, request: llm.requests.at(-1)! };
  }

  it('a PDF and a Markdown file: the model gets their text, the reply says what it read', async () => {
    const chat = await chatWithAiAgent(server);
    const pdf = pdfOf(['Orbit launches in March.', 'The budget is 42 credits.']);
    const { attachments, reply, request } = await sendWithFiles(chat, 'Summarise these for me', [
      { name: 'orbit-brief.pdf', type: 'application/pdf', data: pdf },
      { name: 'notes.md', type: 'text/markdown', data: Buffer.from('# Notes\n\n- Crew of **four**') },
    ]);
    const last = request.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(typeof last.content).toBe('string'); // text files only: one string, as every server takes it
    expect(last.content).toContain('Summarise these for me');
    expect(last.content).toContain('[File orbit-brief.pdf, 2 pages]\nOrbit launches in March.');
    expect(last.content).toContain('The budget is 42 credits.');
    expect(last.content).toContain('[File notes.md]\n# Notes\n\n- Crew of **four**');
    expect(reply.messageType).toBe('text');
    expect(reply.filesRead).toEqual([
      { attachmentId: attachments[0]!.id, filename: 'orbit-brief.pdf', pages: 2, kind: 'text' },
      { attachmentId: attachments[1]!.id, filename: 'notes.md', kind: 'text' },
    ]);
  });

  it('a corrupt PDF: the reply still comes, the model is told it could not be read, the reply carries the notice', async () => {
    const chat = await chatWithAiAgent(server);
    const { reply, request } = await sendWithFiles(chat, 'What does this say?', [
      { name: 'broken.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 this is not really a PDF') },
    ]);
    expect(reply.messageType).toBe('text');
    expect(reply.content).toBe('Hello from the fake model.');
    expect(reply.filesRead).toEqual([expect.objectContaining({ filename: 'broken.pdf', kind: 'text', notice: 'Could not read broken.pdf: it is not a valid PDF.' })]);
    expect(sentText(request)).toContain('[File broken.pdf: could not be read (it is not a valid PDF)]');
  });

  it('a binary file posing as text, and a type that cannot be read, become notices too', async () => {
    const chat = await chatWithAiAgent(server);
    const { reply } = await sendWithFiles(chat, 'and these?', [
      { name: 'data.txt', type: 'text/plain', data: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc3]) },
      { name: 'archive.zip', type: 'application/zip', data: Buffer.from('PK\x03\x04zip') },
    ]);
    expect(reply.filesRead?.map((f) => f.notice)).toEqual([
      'Could not read data.txt: it is not UTF-8 text.',
      'Could not read archive.zip: this type of file cannot be read yet.',
    ]);
  });

  it('a file longer than the context is cut, with a note the model reads and a notice on the reply', async () => {
    const chat = await chatWithAiAgent(server);
    const long = Array.from({ length: 3000 }, (_, i) => `Line ${i} of the long log.`).join('\n');
    const { reply, request } = await sendWithFiles(chat, 'Read the log', [{ name: 'long.txt', type: 'text/plain', data: Buffer.from(long) }]);
    const text = sentText(request);
    expect(text).toContain('Line 0 of the long log.');
    expect(text).not.toContain('Line 2999 of the long log.');
    expect(text).toContain('[… the rest of long.txt did not fit in the context and was not read]');
    expect(reply.filesRead).toEqual([expect.objectContaining({ filename: 'long.txt', notice: 'Read in part: the rest did not fit in the context.' })]);
  });

  it('an image the model cannot see becomes a line telling it so', async () => {
    const chat = await chatWithAiAgent(server);
    const { reply, request } = await sendWithFiles(chat, 'What is in this picture?', [{ name: 'chart.png', type: 'image/png', data: PNG }]);
    const last = request.messages.at(-1)!;
    expect(typeof last.content).toBe('string');
    expect(last.content).toContain('[File chart.png: an image you cannot see. If you are asked about it, say that you cannot see images]');
    expect(sentText(request)).not.toContain('image_url');
    expect(reply.filesRead).toEqual([expect.objectContaining({ filename: 'chart.png', kind: 'image', notice: 'Not seen: this model does not take images.' })]);
  });

  it('a file is extracted once: a later reply reads the stored text', async () => {
    const chat = await chatWithAiAgent(server);
    const { attachments } = await sendWithFiles(chat, 'Keep this in mind', [{ name: 'plan.md', type: 'text/markdown', data: Buffer.from('The plan: sail north.') }]);
    const id = attachments[0]!.id;
    const [stored] = await server.ctx.db.select().from(attachmentExtracts).where(eq(attachmentExtracts.attachmentId, id));
    expect(stored).toMatchObject({ status: 'done', text: 'The plan: sail north.' });
    // Were the file read again, the model would get "sail north"; it gets what is stored.
    await server.ctx.db.update(attachmentExtracts).set({ text: 'The plan as stored: sail south.' }).where(eq(attachmentExtracts.attachmentId, id));

    const reply = nextMessageFrom(chat.socket, chat.agent.id);
    await sendMessage(server, chat.user, chat.conversation.id, 'What was the plan?');
    expect((await reply).filesRead).toEqual([expect.objectContaining({ attachmentId: id, filename: 'plan.md' })]);
    const text = sentText(llm.requests.at(-1)!);
    expect(text).toContain('The plan as stored: sail south.');
    expect(text).not.toContain('sail north');
    const rows = await server.ctx.db.select().from(attachmentExtracts).where(eq(attachmentExtracts.attachmentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt).toEqual(stored!.createdAt);
  });

  it("a corrupt file's failure is stored once too: no reply tries it again", async () => {
    const chat = await chatWithAiAgent(server);
    const { attachments } = await sendWithFiles(chat, 'one', [{ name: 'bad.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7 nope') }]);
    const id = attachments[0]!.id;
    await server.ctx.db.update(attachmentExtracts).set({ error: 'it was checked once' }).where(eq(attachmentExtracts.attachmentId, id));
    const reply = nextMessageFrom(chat.socket, chat.agent.id);
    await sendMessage(server, chat.user, chat.conversation.id, 'two');
    expect((await reply).filesRead).toEqual([expect.objectContaining({ notice: 'Could not read bad.pdf: it was checked once.' })]);
  });

  it('GET /chat/messages/:id/context: the messages and files the reply read; 404 for outsiders and unknown ids', async () => {
    const chat = await chatWithAiAgent(server);
    const reply = nextMessageFrom(chat.socket, chat.agent.id);
    const first = await sendMessage(server, chat.user, chat.conversation.id, 'First, a question.');
    const firstReply = await reply;
    const { sent, reply: second, attachments } = await sendWithFiles(chat, 'Now with a file', [{ name: 'n.txt', type: 'text/plain', data: Buffer.from('noted') }]);

    const res = await server.api().get(`/api/v1/chat/messages/${second.id}/context`).set(auth(chat.user)).expect(200);
    const context = res.body.data as TReplyContextResponse;
    expect(context.messages.map((m) => m.id)).toEqual([first.id, firstReply.id, sent.id]);
    expect(context.messages[2]!.attachments.map((a) => a.id)).toEqual([attachments[0]!.id]);
    expect(context.files).toEqual([{ attachmentId: attachments[0]!.id, filename: 'n.txt', kind: 'text' }]);
    expect(context.steps).toEqual([]);

    // A message deleted since shows as deleted.
    await server.api().delete(`/api/v1/chat/messages/${first.id}`).set(auth(chat.user)).expect(200);
    const after = (await server.api().get(`/api/v1/chat/messages/${second.id}/context`).set(auth(chat.user)).expect(200)).body.data as TReplyContextResponse;
    expect(after.messages[0]).toMatchObject({ id: first.id, deleted: true, content: '' });

    // A message that read nothing (a person's own): empty lists.
    const own = (await server.api().get(`/api/v1/chat/messages/${sent.id}/context`).set(auth(chat.user)).expect(200)).body.data;
    expect(own).toEqual({ messages: [], files: [], steps: [] });

    const outsider = await signUpVerified(server, 'outsider');
    await server.api().get(`/api/v1/chat/messages/${second.id}/context`).set(auth(outsider)).expect(404);
    await server.api().get('/api/v1/chat/messages/00000000-0000-4000-8000-000000000000/context').set(auth(chat.user)).expect(404);
    await server.api().get('/api/v1/chat/messages/not-an-id/context').set(auth(chat.user)).expect(404);
  });
});

describe('a model that takes images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_SUPPORTS_IMAGES: 'true' });
  });
  afterAll(async () => server?.stop());

  it('sees an image as an image part with a data: URL', async () => {
    const chat = await chatWithAiAgent(server);
    const [image] = await upload(server, chat.user, chat.conversation.id, [{ name: 'chart.png', type: 'image/png', data: PNG }]);
    const reply = nextMessageFrom(chat.socket, chat.agent.id);
    await sendMessage(server, chat.user, chat.conversation.id, 'What is in this picture?', { attachmentIds: [image!.id] });
    expect((await reply).filesRead).toEqual([{ attachmentId: image!.id, filename: 'chart.png', kind: 'image' }]);
    expect(llm.requests.at(-1)!.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'text', text: '[Image chart.png]' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      ],
    });
  });
});
