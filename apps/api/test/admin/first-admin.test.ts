import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema';
import { startTestServer, uniqueUser, type TestServer } from '../support/test-server';

/** The instance's first account administers it (decision 0028); nobody after it does, however they race. */
describe('the first account', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const admins = async (s: TestServer) => (await s.ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.isInstanceAdmin, true))).length;

  it('is the one of several sign-ups at once on a fresh instance', async () => {
    server = await startTestServer();
    const s = server;
    const inputs = Array.from({ length: 5 }, () => uniqueUser('race'));
    const answers = await Promise.all(inputs.map((input) => s.api().post('/api/v1/auth/register').send(input)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((a) => a.body.data.user.isInstanceAdmin).length).toBe(1);
    expect(await admins(s)).toBe(1);
    const later = await s.api().post('/api/v1/auth/register').send(uniqueUser('later')).expect(201);
    expect(later.body.data.user.isInstanceAdmin).toBe(false);
    expect(await admins(s)).toBe(1);
  });
});
