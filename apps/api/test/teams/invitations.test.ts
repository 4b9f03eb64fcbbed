import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type TTeam } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { teamInvitations, teams } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createTeam, type TestUser } from './team-helpers';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let team: TTeam;

let addressCounter = 0;
const freshAddress = () => `invitee${++addressCounter}-${Math.random().toString(36).slice(2, 7)}@example.test`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, outsider] = await Promise.all([
    signUpVerified(server, 'owner'),
    signUpVerified(server, 'admin'),
    signUpVerified(server, 'member'),
    signUpVerified(server, 'outsider'),
  ]);
  team = await createTeam(server, owner, { name: 'Invite Team' });
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
});
afterAll(async () => {
  await server?.stop();
});

const invite = (caller: TestUser, email: string, handle = team.handle) =>
  server.api().post(`/api/v1/teams/${handle}/invitations`).set(bearer(caller.token)).send({ email });

/** Invites `email` as the owner and returns the token of the link that arrives by mail. */
async function inviteAndReadLink(email: string, handle = team.handle): Promise<{ token: string; id: string }> {
  const res = await invite(owner, email, handle);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await server.mail.nextMail(email);
  return { token: tokenFromMail(mail, '/invite'), id: res.body.data.invitation.id as string };
}

const accept = (caller: TestUser, token: string) =>
  server.api().post('/api/v1/invitations/accept').set(bearer(caller.token)).send({ token });
const describeLink = (token: string) => server.api().get(`/api/v1/invitations/${token}`);
const isMember = async (user: TestUser, handle = team.handle) =>
  (await server.api().get(`/api/v1/teams/${handle}`).set(bearer(user.token))).status === 200;

describe('invite by email → accept', () => {
  it('mails a link; a new user who follows it becomes a member, and the link then reads as used', async () => {
    const email = freshAddress();
    const res = await invite(owner, email);
    expect(res.status).toBe(201);
    expect(res.body.data.invitation).toMatchObject({ email, invitedBy: owner.username });
    const mail = await server.mail.nextMail(email);
    expect(mail.subject).toContain('Invite Team');
    expect(mail.text).toContain('http://agentroom.test/invite?token=');
    const token = tokenFromMail(mail, '/invite');

    expect((await describeLink(token)).body.data).toEqual({ status: 'valid', team: { name: 'Invite Team', handle: team.handle } });

    const invitee = await signUpVerified(server, 'invitee');
    expect(await isMember(invitee)).toBe(false);
    const joined = await accept(invitee, token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data).toMatchObject({ joined: true, team: { handle: team.handle, myRole: 'member', canManage: false } });
    expect(await isMember(invitee)).toBe(true);
    expect((await describeLink(token)).body.data.status).toBe('used');

    // Accepting again is harmless for the member; anyone else finds the link spent.
    const again = await accept(invitee, token);
    expect(again.status).toBe(200);
    expect(again.body.data.joined).toBe(false);
    const stranger = await signUpVerified(server, 'stranger');
    const reuse = await accept(stranger, token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: 'TOKEN_INVALID', error: INVITATION_MESSAGES.invalidLink });
    expect(await isMember(stranger)).toBe(false);
  });

  it('stores only the sha256 of the token', async () => {
    const email = freshAddress();
    const { token, id } = await inviteAndReadLink(email);
    const [row] = await server.ctx.db.select().from(teamInvitations).where(eq(teamInvitations.id, id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('rejects an expired link (and says so on the page)', async () => {
    const { token, id } = await inviteAndReadLink(freshAddress());
    await server.ctx.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, id));
    expect((await describeLink(token)).body.data).toEqual({ status: 'expired', team: { name: 'Invite Team', handle: team.handle } });
    const invitee = await signUpVerified(server, 'late');
    const res = await accept(invitee, token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'LINK_EXPIRED', error: INVITATION_MESSAGES.expiredLink });
    expect(await isMember(invitee)).toBe(false);
  });

  it('rejects a revoked link, which then reveals nothing', async () => {
    const { token, id } = await inviteAndReadLink(freshAddress());
    const revoke = await server.api().delete(`/api/v1/teams/${team.handle}/invitations/${id}`).set(bearer(admin.token));
    expect(revoke.status).toBe(200);
    const list = await server.api().get(`/api/v1/teams/${team.handle}/invitations`).set(bearer(owner.token)).expect(200);
    expect(list.body.data.invitations.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await describeLink(token)).body.data).toEqual({ status: 'invalid', team: null });
    const invitee = await signUpVerified(server, 'revoked');
    expect((await accept(invitee, token)).body.code).toBe('TOKEN_INVALID');
    expect(await isMember(invitee)).toBe(false);
    // Revoking twice, or an id that is no invitation: 404.
    expect((await server.api().delete(`/api/v1/teams/${team.handle}/invitations/${id}`).set(bearer(owner.token))).status).toBe(404);
    expect((await server.api().delete(`/api/v1/teams/${team.handle}/invitations/not-a-uuid`).set(bearer(owner.token))).status).toBe(404);
  });

  it('a deleted team revokes its pending invitations: the mailed link no longer joins it', async () => {
    const doomed = await createTeam(server, owner, { name: 'Doomed Team' });
    const { token } = await inviteAndReadLink(freshAddress(), doomed.handle);
    await server.api().delete(`/api/v1/teams/${doomed.handle}`).set(bearer(owner.token)).expect(200);
    expect((await describeLink(token)).body.data).toEqual({ status: 'invalid', team: null });
    const invitee = await signUpVerified(server, 'latecomer');
    expect((await accept(invitee, token)).body.code).toBe('TOKEN_INVALID');
    expect(await isMember(invitee, doomed.handle)).toBe(false);
  });

  it('replaces an older pending invitation to the same address: only the newest link works', async () => {
    const email = freshAddress();
    const first = await inviteAndReadLink(email);
    const second = await inviteAndReadLink(email.toUpperCase());
    expect(second.token).not.toBe(first.token);
    const list = await server.api().get(`/api/v1/teams/${team.handle}/invitations`).set(bearer(owner.token)).expect(200);
    expect(list.body.data.invitations.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
    const invitee = await signUpVerified(server, 'replaced');
    expect((await accept(invitee, first.token)).body.code).toBe('TOKEN_INVALID');
    expect((await accept(invitee, second.token)).status).toBe(200);
    expect(await isMember(invitee)).toBe(true);
  });

  it('answers 409 when the address already belongs to a member', async () => {
    const res = await invite(owner, member.email);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(INVITATION_MESSAGES.alreadyMember);
  });

  it('respects max_members: 409 when full, and the link stays usable', async () => {
    const small = await createTeam(server, owner, { name: 'Small' });
    const { token } = await inviteAndReadLink(freshAddress(), small.handle);
    await server.ctx.db.update(teams).set({ maxMembers: 1 }).where(eq(teams.id, small.id));
    const invitee = await signUpVerified(server, 'full');
    const full = await accept(invitee, token);
    expect(full.status).toBe(409);
    expect(await isMember(invitee, small.handle)).toBe(false);
    expect((await describeLink(token)).body.data.status).toBe('valid');
    await server.ctx.db.update(teams).set({ maxMembers: 2 }).where(eq(teams.id, small.id));
    expect((await accept(invitee, token)).status).toBe(200);
  });
});

describe('who may call the invitation routes', () => {
  it('lets owners and admins invite, list and revoke; members 403; outsiders 403; unknown team 404; anonymous 401', async () => {
    const { id } = await inviteAndReadLink(freshAddress());
    const cases: Array<[TestUser | null, number]> = [
      [owner, 201],
      [admin, 201],
      [member, 403],
      [outsider, 403],
      [null, 401],
    ];
    for (const [caller, createStatus] of cases) {
      const label = caller?.username ?? 'anonymous';
      const auth = caller ? bearer(caller.token) : {};
      const email = freshAddress();
      const created = await server.api().post(`/api/v1/teams/${team.handle}/invitations`).set(auth).send({ email });
      expect(created.status, label).toBe(createStatus);
      if (createStatus === 201) await server.mail.nextMail(email);
      const listStatus = createStatus === 201 ? 200 : createStatus;
      const list = await server.api().get(`/api/v1/teams/${team.handle}/invitations`).set(auth);
      expect(list.status, label).toBe(listStatus);
      if (listStatus !== 200) {
        const revoke = await server.api().delete(`/api/v1/teams/${team.handle}/invitations/${id}`).set(auth);
        expect(revoke.status, label).toBe(listStatus);
      }
    }
    // The invitation the others could not revoke is still pending.
    const list = await server.api().get(`/api/v1/teams/${team.handle}/invitations`).set(bearer(admin.token)).expect(200);
    expect(list.body.data.invitations.map((i: { id: string }) => i.id)).toContain(id);
    expect(list.body.data.invitations[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      invitedBy: expect.any(String),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    for (const path of ['/api/v1/teams/no-such-team/invitations', `/api/v1/teams/no-such-team/invitations/${id}`]) {
      const method = path.endsWith('/invitations') ? 'get' : 'delete';
      expect((await server.api()[method](path).set(bearer(owner.token))).status, path).toBe(404);
    }
    expect((await invite(owner, freshAddress(), 'no-such-team')).status).toBe(404);
  });

  it('accepting needs a signed-in caller; describing a link is public and reveals nothing for a made-up token', async () => {
    const { token } = await inviteAndReadLink(freshAddress());
    expect((await server.api().post('/api/v1/invitations/accept').send({ token })).status).toBe(401);
    expect((await describeLink('x'.repeat(43))).body.data).toEqual({ status: 'invalid', team: null });
    expect((await describeLink('short')).body.data).toEqual({ status: 'invalid', team: null });
  });
});

describe('bad input', () => {
  it('answers 400 for a missing, malformed or NUL-carrying address and token', async () => {
    for (const email of ['', 'not-an-email', 'a\u0000b@example.test', 42, `${'a'.repeat(250)}@example.test`]) {
      const res = await server.api().post(`/api/v1/teams/${team.handle}/invitations`).set(bearer(owner.token)).send({ email });
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    for (const token of ['', 'abc\u0000def', 7]) {
      const res = await server.api().post('/api/v1/invitations/accept').set(bearer(outsider.token)).send({ token });
      expect(res.status, JSON.stringify(token)).toBe(400);
    }
    expect((await accept(outsider, 'not a token at all')).body.code).toBe('TOKEN_INVALID');
  });
});

describe('rate limit', () => {
  it('limits invitation mails like the other mail-sending endpoints', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAIL_MAX: '2' });
    try {
      const boss = await signUpVerified(limited, 'boss');
      const res = await limited.api().post('/api/v1/teams').set(bearer(boss.token)).send({ name: 'Limited', handle: `lim-${Date.now()}` }).expect(201);
      const handle = res.body.data.team.handle as string;
      const send = () => limited.api().post(`/api/v1/teams/${handle}/invitations`).set(bearer(boss.token)).send({ email: freshAddress() });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.stop();
    }
  });
});
