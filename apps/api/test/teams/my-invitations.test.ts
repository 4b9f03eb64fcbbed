import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type TMyInvitation, type TTeam } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { teamInvitations, teams } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { bearer, createTeam, signUpUnverified, type TestUser } from './team-helpers';

/**
 * The welcome page's invitations: GET /invitations lists what is addressed to the caller's verified
 * email; POST /invitations/:id/accept joins with it (the email is the credential, not the id).
 */
let server: TestServer;
let owner: TestUser;
let team: TTeam;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, 'inviter');
  team = await createTeam(server, owner, { name: 'Welcome Team' });
});
afterAll(async () => {
  await server?.stop();
});

/** Invites `email` to `handle` as `by` and returns the invitation's id and the emailed token. */
async function invite(email: string, handle = team.handle, by = owner) {
  const res = await server.api().post(`/api/v1/teams/${handle}/invitations`).set(bearer(by.token)).send({ email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const token = tokenFromMail(await server.mail.nextMail(email), '/invite');
  return { id: res.body.data.invitation.id as string, token };
}

const myInvitations = async (user: TestUser): Promise<TMyInvitation[]> => {
  const res = await server.api().get('/api/v1/invitations').set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.invitations;
};
const acceptById = (user: TestUser, id: string) => server.api().post(`/api/v1/invitations/${id}/accept`).set(bearer(user.token));
const isMember = async (user: TestUser, handle = team.handle) =>
  (await server.api().get(`/api/v1/teams/${handle}`).set(bearer(user.token))).status === 200;

describe('GET /invitations', () => {
  it("lists the pending invitations addressed to the caller's email, newest first, with team and inviter", async () => {
    const invitee = await signUpVerified(server, 'welcome');
    const other = await createTeam(server, owner, { name: 'Second Team' });
    const first = await invite(invitee.email);
    const second = await invite(invitee.email.toUpperCase(), other.handle);
    // Someone else's invitation is not listed.
    await invite(`someone-${Date.now()}@example.test`);

    const listed = await myInvitations(invitee);
    expect(listed.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(listed[1]).toEqual({
      id: first.id,
      team: { name: 'Welcome Team', handle: team.handle },
      invitedBy: { username: owner.username, fullName: `${owner.firstName} ${owner.lastName}` },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
  });

  it('leaves out revoked, expired and used invitations, teams the caller is in, and deleted teams', async () => {
    const invitee = await signUpVerified(server, 'filtered');
    const revokedTeam = await createTeam(server, owner);
    const revoked = await invite(invitee.email, revokedTeam.handle);
    await server.api().delete(`/api/v1/teams/${revokedTeam.handle}/invitations/${revoked.id}`).set(bearer(owner.token)).expect(200);

    const expired = await invite(invitee.email, (await createTeam(server, owner)).handle);
    await server.ctx.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, expired.id));

    const usedTeam = await createTeam(server, owner);
    const used = await invite(invitee.email, usedTeam.handle);
    await server.api().post('/api/v1/invitations/accept').set(bearer(invitee.token)).send({ token: used.token }).expect(200);

    // Pending, but the invitee was added by username meanwhile.
    const joinedTeam = await createTeam(server, owner);
    await invite(invitee.email, joinedTeam.handle);
    await server.api().post(`/api/v1/teams/${joinedTeam.handle}/members`).set(bearer(owner.token)).send({ username: invitee.username }).expect(201);

    const deletedTeam = await createTeam(server, owner);
    await invite(invitee.email, deletedTeam.handle);
    await server.api().delete(`/api/v1/teams/${deletedTeam.handle}`).set(bearer(owner.token)).expect(200);

    const live = await invite(invitee.email, (await createTeam(server, owner, { name: 'Still Open' })).handle);
    expect((await myInvitations(invitee)).map((i) => i.id)).toEqual([live.id]);
  });

  it('is refused to an account whose address is not verified yet (anyone could have typed it)', async () => {
    const unverified = await signUpUnverified(server, 'unverif');
    await server.api().post(`/api/v1/teams/${team.handle}/invitations`).set(bearer(owner.token)).send({ email: unverified.email }).expect(201);
    const res = await server.api().get('/api/v1/invitations').set(bearer(unverified.token));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('POST /invitations/:id/accept', () => {
  it('joins the team once; the invitation is then spent (404), gone from the list, and its link reads as used', async () => {
    const invitee = await signUpVerified(server, 'joiner');
    const { id, token } = await invite(invitee.email);

    const joined = await acceptById(invitee, id);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data).toMatchObject({ joined: true, team: { handle: team.handle, name: 'Welcome Team', myRole: 'member' } });
    expect(await isMember(invitee)).toBe(true);
    expect(await myInvitations(invitee)).toEqual([]);
    expect((await server.api().get(`/api/v1/invitations/${token}`)).body.data.status).toBe('used');

    // Leaving and coming back with the same invitation does not work: it was single use.
    await server.api().delete(`/api/v1/teams/${team.handle}/members/me`).set(bearer(invitee.token)).expect(200);
    const again = await acceptById(invitee, id);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', error: INVITATION_MESSAGES.notFound });
    expect(await isMember(invitee)).toBe(false);
  });

  it("answers 404 for anyone else's invitation, which stays usable by its addressee", async () => {
    const invitee = await signUpVerified(server, 'addressee');
    const stranger = await signUpVerified(server, 'stranger');
    const { id } = await invite(invitee.email);

    const taken = await acceptById(stranger, id);
    expect(taken.status).toBe(404);
    expect(taken.body).toMatchObject({ code: 'NOT_FOUND', error: INVITATION_MESSAGES.notFound });
    expect(await isMember(stranger)).toBe(false);
    // Not even the inviter may use it.
    expect((await acceptById(owner, id)).status).toBe(404);

    expect((await acceptById(invitee, id)).status).toBe(200);
    expect(await isMember(invitee)).toBe(true);
  });

  it('answers 404 for a revoked or unknown invitation and for a malformed id; 400 LINK_EXPIRED for an expired one', async () => {
    const invitee = await signUpVerified(server, 'states');
    const revoked = await invite(invitee.email);
    await server.api().delete(`/api/v1/teams/${team.handle}/invitations/${revoked.id}`).set(bearer(owner.token)).expect(200);
    expect((await acceptById(invitee, revoked.id)).status).toBe(404);
    expect((await acceptById(invitee, '0193a0c4-0000-7000-8000-00000000beef')).status).toBe(404);
    expect((await acceptById(invitee, 'not-a-uuid')).status).toBe(404);

    const expired = await invite(invitee.email);
    await server.ctx.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, expired.id));
    const late = await acceptById(invitee, expired.id);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'LINK_EXPIRED', error: INVITATION_MESSAGES.expiredLink });
    expect(await isMember(invitee)).toBe(false);
  });

  it('answers 409 when the team is full, and the invitation stays listed and usable', async () => {
    const invitee = await signUpVerified(server, 'crowded');
    const small = await createTeam(server, owner, { name: 'Small' });
    const { id } = await invite(invitee.email, small.handle);
    await server.ctx.db.update(teams).set({ maxMembers: 1 }).where(eq(teams.id, small.id));
    expect((await acceptById(invitee, id)).status).toBe(409);
    expect((await myInvitations(invitee)).map((i) => i.id)).toEqual([id]);
    await server.ctx.db.update(teams).set({ maxMembers: 2 }).where(eq(teams.id, small.id));
    expect((await acceptById(invitee, id)).status).toBe(200);
  });

  it('lets only one of two racing accepts of the same invitation join', async () => {
    const invitee = await signUpVerified(server, 'racer');
    const { id } = await invite(invitee.email);
    const answers = await Promise.all([acceptById(invitee, id), acceptById(invitee, id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.joined).sort()).toEqual([false, true]);
    const members = await server.api().get(`/api/v1/teams/${team.handle}/agents`).set(bearer(owner.token)).expect(200);
    expect(members.body.data.agents.filter((a: { id: string }) => a.id === invitee.agentId)).toHaveLength(1);
  });
});
