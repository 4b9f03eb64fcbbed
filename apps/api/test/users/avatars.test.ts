import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_ERRORS, AVATAR_MAX_BYTES, TEAM_MESSAGES, uploadedAvatarIdOf, type TAgent, type TTeam, type TTeamAgent } from '@agentroom/shared';
import { agents } from '../../src/db/schema';
import { closeSockets, connectSocket, nextEvent } from '../chat/chat-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, type TestUser } from '../teams/team-helpers';
import { animatedGif, hugePngHeader, jpegImage, pngImage, PNG_MAGIC, webpImage } from './image-fixtures';

const UPLOADED = /^\/api\/v1\/avatars\/i\/[0-9a-f-]{36}\.webp$/;
const GENERATED = /^\/api\/v1\/avatars\/[^/]+\.svg\?initials=[A-Z]{1,2}$/;

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let team: TTeam;
let ai: TTeamAgent;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, 'owner');
  member = await signUpVerified(server, 'member');
  team = await createTeam(server, owner);
  await addMember(server, owner, team.handle, member.username);
  ai = await createAiAgent(server, owner, team.handle, { firstName: 'Nova' });
});
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

/** PUT the bytes as the multipart field `avatar`, declared with whatever type the test says. */
const upload = (user: TestUser, path: string, bytes: Buffer, contentType = 'application/octet-stream', filename = 'me.png') =>
  server.api().put(`/api/v1${path}`).set(bearer(user.token)).attach('avatar', bytes, { filename, contentType });

const agentOf = (res: Response) => res.body.data.agent as TAgent;

/** The served image: status, headers and what its bytes really are (an error stays the JSON envelope). */
async function fetchAvatar(url: string) {
  const res = await server
    .api()
    .get(url)
    .buffer(true)
    .parse((stream, done) => {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        const bytes = Buffer.concat(parts);
        const isJson = /json/.test(String(stream.headers['content-type']));
        done(null, isJson ? JSON.parse(bytes.toString('utf8')) : bytes);
      });
    });
  const meta = res.status === 200 ? await sharp(res.body as Buffer, { pages: -1 }).metadata() : undefined;
  return { res, meta };
}

describe('uploading your own avatar', () => {
  it('stores a PNG as a 256×256 WebP served by us, cached for good, whatever type the browser declared', async () => {
    const res = await upload(owner, '/users/me/avatar', await pngImage(600, 400));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = agentOf(res).avatarUrl;
    expect(url).toMatch(UPLOADED);

    const { res: served, meta } = await fetchAvatar(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // No sign-in needed to see it (an <img> sends no bearer token).
    expect(served.request.getHeader('authorization')).toBeUndefined();

    const me = await server.api().get('/api/v1/users/me').set(bearer(owner.token)).expect(200);
    expect(me.body.data.profile.agent.avatarUrl).toBe(url);
    expect(me.body.data.profile.profile.avatar).toBe(url);
  });

  it.each([
    ['a JPEG declared as PNG', () => jpegImage(300, 500), 'image/png'],
    ['a WebP', () => webpImage(), 'image/webp'],
    ['an animated GIF (its first frame)', () => animatedGif(), 'image/gif'],
  ])('accepts %s and stores one 256×256 WebP frame', async (_name, make, declared) => {
    const res = await upload(member, '/users/me/avatar', await make(), declared);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { res: served, meta } = await fetchAvatar(agentOf(res).avatarUrl);
    expect(served.status).toBe(200);
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta?.pages ?? 1).toBe(1);
  });

  it('replacing deletes the previous image; removing brings the generated avatar back', async () => {
    const first = agentOf(await upload(owner, '/users/me/avatar', await pngImage()).expect(200)).avatarUrl;
    const second = agentOf(await upload(owner, '/users/me/avatar', await jpegImage()).expect(200)).avatarUrl;
    expect(second).not.toBe(first);
    expect((await fetchAvatar(first)).res.status).toBe(404);
    expect((await fetchAvatar(second)).res.status).toBe(200);

    const removed = await server.api().delete('/api/v1/users/me/avatar').set(bearer(owner.token)).expect(200);
    expect(agentOf(removed).avatarUrl).toMatch(GENERATED);
    const gone = await fetchAvatar(second);
    expect(gone.res.status).toBe(404);
    expect(gone.res.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: AVATAR_ERRORS.notFound });
    expect(await server.ctx.files.exists('avatars', uploadedAvatarIdOf(second)!)).toBe(false);
  });

  it.each([
    ['text named .png', Buffer.from('hello, I am not a picture'), 'image/png', 415, AVATAR_ERRORS.unsupportedType],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml', 415, AVATAR_ERRORS.unsupportedType],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'image/jpeg', 415, AVATAR_ERRORS.unsupportedType],
    ['PNG magic then garbage', Buffer.concat([PNG_MAGIC, Buffer.from('garbage'.repeat(40))]), 'image/png', 400, AVATAR_ERRORS.unreadable],
    ['a JPEG cut in half', null, 'image/jpeg', 400, AVATAR_ERRORS.unreadable],
    ['a PNG announcing 20000×20000 pixels', hugePngHeader(20_000, 20_000), 'image/png', 400, AVATAR_ERRORS.tooManyPixels],
  ])('refuses %s with a 4xx in the envelope, and stores nothing', async (_name, bytes, declared, status, message) => {
    const before = agentOf(await upload(member, '/users/me/avatar', await pngImage()).expect(200)).avatarUrl;
    const body = bytes ?? (await jpegImage(400, 400)).subarray(0, 400);
    const res = await upload(member, '/users/me/avatar', body, declared);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: message, details: { avatar: message } });
    const me = await server.api().get('/api/v1/users/me').set(bearer(member.token)).expect(200);
    expect(me.body.data.profile.agent.avatarUrl).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const res = await upload(member, '/users/me/avatar', Buffer.concat([await pngImage(), Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', error: AVATAR_ERRORS.tooLarge });
  });

  it('asks for a file when there is none, and for one file at a time', async () => {
    const none = await server.api().put('/api/v1/users/me/avatar').set(bearer(member.token)).field('note', 'no file');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(AVATAR_ERRORS.noFile);
    const json = await server.api().put('/api/v1/users/me/avatar').set(bearer(member.token)).send({ avatar: 'https://example.test/a.png' });
    expect(json.status).toBe(400);
    const png = await pngImage();
    const two = await server
      .api()
      .put('/api/v1/users/me/avatar')
      .set(bearer(member.token))
      .attach('avatar', png, 'a.png')
      .attach('avatar', png, 'b.png');
    expect(two.status).toBe(400);
    expect(two.body.error).toBe(AVATAR_ERRORS.oneFile);
  });

  it('answers 404 for an unknown or malformed avatar id', async () => {
    for (const path of ['/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp', '/api/v1/avatars/i/not-an-id.webp', '/api/v1/avatars/i/..%2Fjwt-secret.webp']) {
      const res = await server.api().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });
});

describe("an AI agent's avatar", () => {
  it("managers upload and remove it; the team's cards show it; the file goes when it is removed", async () => {
    const res = await upload(owner, `/agents/${ai.id}/avatar`, await pngImage(128, 512));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = agentOf(res).avatarUrl;
    expect(url).toMatch(UPLOADED);
    expect((await fetchAvatar(url)).meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const cards = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(member.token)).expect(200);
    expect((cards.body.data.agents as TTeamAgent[]).find((a) => a.id === ai.id)?.avatarUrl).toBe(url);

    const removed = await server.api().delete(`/api/v1/agents/${ai.id}/avatar`).set(bearer(owner.token)).expect(200);
    expect(agentOf(removed).avatarUrl).toMatch(new RegExp(`^/api/v1/avatars/${ai.id}\\.svg\\?initials=`));
    expect((await fetchAvatar(url)).res.status).toBe(404);
  });

  it('a plain member may not change it (403), and nothing is stored', async () => {
    const res = await upload(member, `/agents/${ai.id}/avatar`, await pngImage());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(TEAM_MESSAGES.managersOnly);
  });

  it("tells the agent's team-mates at once (agent:updated), with the new avatar", async () => {
    const socket = await connectSocket(server.url, member.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === ai.id);
    const res = await upload(owner, `/agents/${ai.id}/avatar`, await webpImage()).expect(200);
    const { agent } = await heard;
    expect(agent.avatarUrl).toBe(agentOf(res).avatarUrl);
    expect(agent).toMatchObject({ id: ai.id, firstName: 'Nova', isOnline: null });
  });

  it("tells the agent's team-mates at once when a manager edits it, in the shape the edit answers", async () => {
    const socket = await connectSocket(server.url, member.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === ai.id && agent.role === 'Archivist');
    const res = await server.api().patch(`/api/v1/agents/${ai.id}`).set(bearer(owner.token)).send({ role: 'Archivist' }).expect(200);
    const { agent } = await heard;
    const { isOnline: _answered, ...answered } = agentOf(res);
    expect(agent).toMatchObject({ ...answered, isOnline: null });
  });

  it("tells the user's own other tabs when they change their avatar", async () => {
    const socket = await connectSocket(server.url, member.token);
    const heard = nextEvent(socket, 'agent:updated', ({ agent }) => agent.id === member.agentId);
    const res = await upload(member, '/users/me/avatar', await pngImage()).expect(200);
    expect((await heard).agent.avatarUrl).toBe(agentOf(res).avatarUrl);
  });
});

describe('external avatar URLs', () => {
  it.each([
    'https://images.example.test/quill.png',
    'http://insecure.example.test/a.png',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    '//cdn.example.test/a.png',
    '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp',
  ])('are refused when creating or editing an AI agent: %s', async (avatarUrl) => {
    const created = await server.api().post(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).send({ firstName: 'Ext', avatarUrl });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ error: TEAM_MESSAGES.avatarUrl, details: { avatarUrl: TEAM_MESSAGES.avatarUrl } });
    const edited = await server.api().patch(`/api/v1/agents/${ai.id}`).set(bearer(owner.token)).send({ avatarUrl });
    expect(edited.status).toBe(400);
    expect(edited.body.error).toBe(TEAM_MESSAGES.avatarUrl);
  });

  it('one stored before uploads existed is shown as the generated avatar', async () => {
    const legacy = await createAiAgent(server, owner, team.handle, { firstName: 'Legacy' });
    await server.ctx.db.update(agents).set({ biometric: { avatarUrl: 'https://images.example.test/old.png' } }).where(eq(agents.id, legacy.id));
    const card = await server.api().get(`/api/v1/agents/${legacy.username}`).set(bearer(member.token)).expect(200);
    expect(card.body.data.agent.avatarUrl).toMatch(new RegExp(`^/api/v1/avatars/${legacy.id}\\.svg\\?initials=`));
  });
});

describe('generated avatars', () => {
  it('show the initials of the name, so people are told apart, and stay cached by address', async () => {
    const maya = await createAiAgent(server, owner, team.handle, { firstName: 'Maya', lastName: 'Lee' });
    const card = await server.api().get(`/api/v1/agents/${maya.username}`).set(bearer(member.token)).expect(200);
    const url: string = card.body.data.agent.avatarUrl;
    expect(url).toBe(`/api/v1/avatars/${maya.id}.svg?initials=ML`);
    const res = await server.api().get(url).buffer(true).expect(200);
    const svg = Buffer.from(res.body as Buffer).toString('utf8');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(svg).toMatch(/<text[^>]*>ML<\/text><\/svg>$/);
    // The same address answers the same bytes (and ETag): a browser's copy stays good.
    const again = await server.api().get(url).set('If-None-Match', String(res.headers.etag)).expect(304);
    expect(again.headers.etag).toBe(res.headers.etag);
    // Another person's initials on the same look are another address and another picture.
    const other = await server.api().get(`/api/v1/avatars/${maya.id}.svg?initials=NO`).buffer(true).expect(200);
    expect(Buffer.from(other.body as Buffer).toString('utf8')).toContain('>NO</text>');
  });

  it('refuses initials that are not one or two letters or digits', async () => {
    await server.api().get(`/api/v1/avatars/seed.svg?initials=${encodeURIComponent('<b>')}`).expect(400);
    await server.api().get('/api/v1/avatars/seed.svg?initials=ABC').expect(400);
  });
});
