import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAdminTeam, TAuditEvent } from '@agentroom/shared';
import AdminPage from './admin-page';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';

const admin = makeUser({ isInstanceAdmin: true });
const teamId = '0193a0c4-0000-7000-8000-0000000000a1';
const harbor = { id: teamId, name: 'Harbor', handle: 'harbor' } as TAdminTeam;
const row = (name: string): TAuditEvent => ({
  id: `0193a0c4-0000-7000-8000-0000000000${name === 'Harbor' ? 'e1' : 'e2'}`,
  at: '2026-11-27T10:00:00.000Z',
  actor: { kind: 'person', agentId: admin.agentId, name: 'Ada Lovelace' },
  teamId: null,
  action: 'account.disabled',
  target: { kind: 'account', id: 'x', name },
  ip: null,
  details: {},
});

describe("the admin area's audit log", () => {
  it("shows the instance's log, and one team's when a team is chosen", async () => {
    const api = stubApi({
      'GET /admin/teams?page=1': ok({ teams: [harbor], total: 1, page: 1, pageSize: 50 }),
      'GET /admin/audit': ok({ events: [row('grace')], nextCursor: null }),
      [`GET /admin/audit?team=${teamId}`]: ok({ events: [row('Harbor')], nextCursor: null }),
    });
    renderRoutes([{ path: '/admin/:section', element: <AdminPage /> }], {
      path: '/admin/audit',
      auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: admin, token: 't' }),
    });
    expect(await screen.findByText(/disabled the account grace/)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Harbor (harbor)' });
    await userEvent.selectOptions(screen.getByLabelText('Team'), teamId);
    expect(await screen.findByText(/disabled the account Harbor/)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`GET /admin/audit?team=${teamId}`)).toHaveLength(1));
  });
});
