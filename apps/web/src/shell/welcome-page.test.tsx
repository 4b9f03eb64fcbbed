import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMyInvitation } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam } from '../test/team-fixtures';
import AppShell from './app-shell';
import HomePage from './home-page';

const invitation = (id: string, name: string, handle: string): TMyInvitation => ({
  id,
  team: { name, handle },
  invitedBy: { username: 'maya', fullName: 'Maya Chen' },
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 6.5 * 86_400_000).toISOString(),
});
const INVITE_ID = '0193a0c4-0000-7000-8000-0000000000e1';

function renderHome(api: Parameters<typeof stubApi>[0]) {
  const calls = stubApi({
    'GET /chat/conversations?page=1&limit=100': ok({ conversations: [], pagination: { page: 1, limit: 100, hasMore: false } }),
    'GET /deleted-teams': ok({ teams: [] }),
    ...api,
  });
  const view = renderRoutes(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/t/:handle', element: <p>Team page</p> },
        ],
      },
    ],
    { path: '/', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
  return { ...view, api: calls };
}

describe('welcome page (first run: no team yet)', () => {
  it('lists pending invitations; Join joins the team and opens it', async () => {
    const design = makeTeam({ id: 't2', name: 'Design Crew', handle: 'design-crew' });
    const { router, api } = renderHome({
      'GET /teams': [ok({ teams: [] }), ok({ teams: [design] })],
      'GET /invitations': ok({ invitations: [invitation(INVITE_ID, 'Design Crew', 'design-crew'), invitation('0193a0c4-0000-7000-8000-0000000000e2', 'Ops', 'ops')] }),
      [`POST /invitations/${INVITE_ID}/accept`]: ok({ team: design, joined: true }),
    });
    const page = await screen.findByRole('main');
    expect(await within(page).findByRole('heading', { name: 'Welcome to Agentroom, Ada' })).toBeInTheDocument();
    const cards = await within(page).findAllByTestId('invitation');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Design Crew');
    expect(cards[0]).toHaveTextContent('Maya Chen (@maya) invited you · Expires in 7 days');

    await userEvent.setup().click(within(cards[0]!).getByRole('button', { name: 'Join Design Crew' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/design-crew'));
    expect(api.callsTo(`POST /invitations/${INVITE_ID}/accept`)).toHaveLength(1);
    // The sidebar's teams now include the one just joined.
    expect(await within(screen.getByRole('region', { name: 'Teams' })).findByRole('link', { name: /Design Crew/ })).toHaveAttribute('href', '/t/design-crew');
  });

  it("shows why a Join failed and keeps the invitation there", async () => {
    renderHome({
      'GET /teams': ok({ teams: [] }),
      'GET /invitations': ok({ invitations: [invitation(INVITE_ID, 'Full House', 'full')] }),
      [`POST /invitations/${INVITE_ID}/accept`]: fail(409, 'This team is full', 'CONFLICT'),
    });
    const card = await screen.findByTestId('invitation');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Join Full House' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('This team is full');
    expect(within(card).getByRole('button', { name: 'Join Full House' })).toBeEnabled();
  });

  it("says so when nobody has invited me, and 'Create a team' creates one and opens it", async () => {
    const created = makeTeam({ id: 't9', name: 'Launch', handle: 'launch' });
    const { router, api } = renderHome({
      'GET /teams': ok({ teams: [] }),
      'GET /invitations': ok({ invitations: [] }),
      'POST /teams': ok({ team: created }, 201),
    });
    const page = await screen.findByRole('main');
    expect(await within(page).findByText(`No invitations yet. When a team invites ${me.email}, it shows up here.`)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Create a team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Launch');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/launch'));
    expect(api.callsTo('POST /teams')[0]?.body).toMatchObject({ name: 'Launch', handle: 'launch' });
  });

  it('lists the teams I deleted with Restore: restoring brings the team back and opens it', async () => {
    const harbor = makeTeam({ id: '0193a0c4-0000-7000-8000-0000000000h1', name: 'Harbor', handle: 'harbor' });
    const deleted = { id: harbor.id, name: 'Harbor', handle: 'harbor', deletedAt: '2026-11-20T10:00:00.000Z', purgeAt: '2026-12-20T10:00:00.000Z' };
    const { router, api } = renderHome({
      'GET /teams': [ok({ teams: [] }), ok({ teams: [harbor] })],
      'GET /invitations': ok({ invitations: [] }),
      'GET /deleted-teams': [ok({ teams: [deleted] }), ok({ teams: [] })],
      'POST /teams/harbor/restore': ok({ team: harbor }),
    });
    const section = await screen.findByRole('region', { name: 'Deleted teams' });
    expect(within(section).getByText('Harbor')).toBeInTheDocument();
    expect(within(section).getByText(`Restorable until ${new Date(deleted.purgeAt).toLocaleDateString()}`)).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Restore Harbor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/harbor'));
    expect(api.callsTo('POST /teams/harbor/restore')).toHaveLength(1);
  });
});
