import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOVERNANCE_ERRORS } from '@agentroom/shared';
import { fragmentOf, providerPerson, signInWith, startSsoWorld, type SsoWorld } from '../sso/sso-fixtures';
import { bearerOf } from './admin-fixtures';

/** Signing in with a provider: the first account it makes administers the instance; a disabled one gets no session. */
describe('the admin area and single sign-on', () => {
  let world: SsoWorld;
  beforeAll(async () => {
    world = await startSsoWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const signIn = async (sub: string) => {
    const { ticket } = fragmentOf((await signInWith(world, 'acme', sub)).location);
    return world.server.api().post('/api/v1/auth/sso/exchange').send({ ticket });
  };

  it('makes the first account administrator, not the next; a disabled account is refused at the exchange, then let in once enabled', async () => {
    const first = await signIn(providerPerson(world.provider).sub);
    expect(first.status).toBe(200);
    expect(first.body.data.user.isInstanceAdmin).toBe(true);
    const adminToken = first.body.data.token as string;

    const person = providerPerson(world.provider);
    const second = await signIn(person.sub);
    expect(second.body.data.user.isInstanceAdmin).toBe(false);
    const agentId = second.body.data.user.agentId as string;

    await world.server.api().post(`/api/v1/admin/people/${agentId}/disable`).set(bearerOf({ token: adminToken })).send({}).expect(200);
    expect((await world.server.api().get('/api/v1/auth/me').set(bearerOf(second.body.data))).status).toBe(401);
    const refused = await signIn(person.sub);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(GOVERNANCE_ERRORS.accountDisabled);

    await world.server.api().post(`/api/v1/admin/people/${agentId}/enable`).set(bearerOf({ token: adminToken })).expect(200);
    const back = await signIn(person.sub);
    expect(back.status).toBe(200);
    expect(back.body.data.user.agentId).toBe(agentId);
  });
});
