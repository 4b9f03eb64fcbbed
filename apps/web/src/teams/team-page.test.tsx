import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import AppShell from '../shell/app-shell';
import TeamLayout from './team-layout';
import TeamPage from './team-page';
import TeamSettingsPage from '../team-settings/team-settings-page';

const user = makeUser();
const auth = () => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 'tok' });
const profile = ok({ profile: { id: user.id, username: user.username, email: user.email, profile: user.profile, agent: { ...user.agent, role: 'Team Lead' } } });

// Inside the app shell, as in the app: the user badge and the teams button are the shell's.
const teamRoutes = [
  {
    element: <AppShell />,
    children: [
      {
        path: '/t/:handle',
        element: <TeamLayout />,
        children: [
          { index: true, element: <TeamPage /> },
          { path: 'p/:username', element: <p>Chat screen</p> },
          { path: 'settings', element: <TeamSettingsPage /> },
          { path: 'settings/:section', element: <TeamSettingsPage /> },
        ],
      },
    ],
  },
];

const renderTeam = (path = '/t/demo') => renderRoutes(teamRoutes, { path, auth: auth() });

/** From the team page through "Manage Team" (settings pages) to one section; answers its region. */
async function openSettingsSection(user: ReturnType<typeof userEvent.setup>, section: string, button = 'Manage Team') {
  await user.click(await screen.findByRole('link', { name: button }));
  const nav = await screen.findByRole('navigation', { name: 'Team settings' });
  if (section !== 'Members') await user.click(within(nav).getByRole('link', { name: section }));
  const region = await screen.findByRole('region', { name: section });
  return region;
}

describe('team page', () => {
  it('shows the loading texts, then the cards with presence, badge, title and social tags', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({
        agents: [
          makeTeamAgent({ username: 'ada', fullName: 'Ada Lovelace', isHuman: true, role: 'Team Lead', isOnline: true }),
          makeTeamAgent({ username: 'maya', fullName: 'Maya Chen', isHuman: true, role: 'Designer', isOnline: false }),
          makeTeamAgent({ username: 'nova', fullName: 'Nova', isOnline: null }),
        ],
      }),
      'GET /users/me': profile,
      'GET /teams': ok({ teams: [makeTeam()] }),
    });
    const { router } = renderTeam();
    expect(screen.getByText('Retrieving team data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Demo Team/ })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('agent-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Human')).toBeInTheDocument();
    expect(within(cards[0]!).getByTitle('Online')).toBeInTheDocument();
    expect(within(cards[1]!).getByTitle('Offline')).toBeInTheDocument();
    expect(within(cards[2]!).getByTitle('Status unknown')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('AI')).toBeInTheDocument();
    expect(cards[2]).toHaveAttribute('href', '/t/demo/p/@nova');

    expect(document.title).toBe('Agentroom (beta) — Demo Team');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Where people and AI agents work together.');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Agentroom (beta) — Demo Team');
    expect(screen.getByTestId('teams-button')).toHaveTextContent('Demo Team');
    const badge = screen.getByTestId('user-badge');
    await waitFor(() => expect(badge).toHaveTextContent('Team Lead'));
    expect(badge).toHaveTextContent('Ada Lovelace');

    await userEvent.setup().click(cards[2]!);
    expect(await screen.findByText('Chat screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/demo/p/@nova');
    expect(router.state.location.state).toMatchObject({ agent: { username: 'nova' } });
  });

  it("shows 'Retrieving agents...' while the cards load", async () => {
    const api = stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }) });
    const answer = api.fetchMock.getMockImplementation()!;
    // The agents call never answers, so the page stays in its loading state.
    api.fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/teams/demo/agents') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    renderTeam();
    expect(await screen.findByText('Retrieving agents...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Demo Team/ })).toBeInTheDocument();
  });

  it("shows 'Team not found' in the page and on the drawer button for an unknown team", async () => {
    stubApi({ 'GET /teams/nope': fail(404, 'Team not found', 'NOT_FOUND'), 'GET /teams': ok({ teams: [] }) });
    renderTeam('/t/nope');
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
    expect(screen.getByTestId('teams-button')).toHaveTextContent('Team not found');
    expect(document.title).toBe('Agentroom (beta) — Team');
  });

  it("shows 'Error: {message}' when the server refuses access", async () => {
    stubApi({ 'GET /teams/secret': fail(403, 'Access denied: You are not a member of this team', 'FORBIDDEN') });
    renderTeam('/t/secret');
    expect(await screen.findByText('Error: Access denied: You are not a member of this team')).toBeInTheDocument();
    expect(screen.getByTestId('teams-button')).toHaveTextContent('Select team');
    // Trying again would fail the same way: the way out is back to one's own teams.
    expect(screen.getByRole('link', { name: 'Go to my teams' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('falls back to the signed-in user in the badge when the profile cannot be read', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }), 'GET /teams/demo/agents': ok({ agents: [] }), 'GET /users/me': fail(500, 'boom', 'INTERNAL') });
    renderTeam();
    expect(await screen.findByText('No agents in this team yet.')).toBeInTheDocument();
    const badge = screen.getByTestId('user-badge');
    await waitFor(() => expect(badge).toHaveTextContent('@ada'));
    expect(badge).toHaveAttribute('data-user-id', user.id);
  });
});

describe('teams drawer', () => {
  it("lists the user's teams with up to three avatars and '+N', or 'No teams found'", async () => {
    const members = ['a', 'b', 'c', 'd', 'e'].map((n) => ({ id: n, username: n, agentName: `Agent ${n}`, avatarUrl: `/api/v1/avatars/${n}.svg`, isHuman: true }));
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [] }),
      'GET /teams': ok({ teams: [makeTeam({ members, memberCount: 5 }), makeTeam({ id: 't2', name: 'Other', handle: 'other', members: members.slice(0, 1), memberCount: 1 })] }),
    });
    renderTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('teams-button'));
    const drawer = await screen.findByRole('dialog', { name: 'Teams' });
    const cards = await within(drawer).findAllByTestId('team-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByRole('img')).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('+2');
    expect(cards[1]).toHaveAttribute('href', '/t/other');
    expect(cards[1]).not.toHaveTextContent('+');
  });

  it("says 'No teams found' when the user has none", async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }), 'GET /teams/demo/agents': ok({ agents: [] }), 'GET /teams': ok({ teams: [] }) });
    renderTeam();
    await userEvent.setup().click(await screen.findByTestId('teams-button'));
    expect(await screen.findByText('No teams found')).toBeInTheDocument();
  });

  it('creates a team from the drawer and opens it', async () => {
    const created = makeTeam({ id: 't9', name: 'Design Crew', handle: 'design-crew', memberCount: 1 });
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [] }),
      'GET /teams': ok({ teams: [makeTeam()] }),
      'POST /teams': ok({ team: created }, 201),
      'GET /teams/design-crew': ok({ team: created }),
      'GET /teams/design-crew/agents': ok({ agents: [] }),
    });
    const { router } = renderTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('teams-button'));
    await user.click(await screen.findByRole('button', { name: 'Create New Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Design Crew');
    expect(within(dialog).getByLabelText('Handle')).toHaveValue('design-crew');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/design-crew'));
    expect(api.callsTo('POST /teams')[0]?.body).toEqual({ name: 'Design Crew', handle: 'design-crew', description: '', isPrivate: true });
    expect(await screen.findByRole('heading', { name: /Design Crew/ })).toBeInTheDocument();
  });

  it('shows the server’s field error when the handle is taken', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [] }),
      'GET /teams': ok({ teams: [] }),
      'POST /teams': fail(409, 'A team with this handle already exists', 'CONFLICT', { handle: 'A team with this handle already exists' }),
    });
    renderTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('teams-button'));
    await user.click(await screen.findByRole('button', { name: 'Create New Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByText('A team with this handle already exists')).toBeInTheDocument();
  });
});

describe('team settings', () => {
  it('lets an owner create an AI agent, whose card then appears', async () => {
    const pixel = makeTeamAgent({ username: 'pixel', fullName: 'Pixel', role: 'Illustrator' });
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': [ok({ agents: [] }), ok({ agents: [pixel] })],
      'POST /teams/demo/agents': ok({ agent: pixel }, 201),
    });
    const { router } = renderTeam();
    const user = userEvent.setup();
    const dialog = await openSettingsSection(user, 'AI agents');
    await user.click(await within(dialog).findByRole('button', { name: 'New AI Agent' }));
    await user.type(within(dialog).getByLabelText('First name'), 'Pixel');
    await user.type(within(dialog).getByRole('textbox', { name: /^Role/ }), 'Illustrator');
    await user.type(within(dialog).getByRole('textbox', { name: /^Personality/ }), 'Playful.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() => expect(api.callsTo('POST /teams/demo/agents')).toHaveLength(1));
    expect(api.callsTo('POST /teams/demo/agents')[0]?.body).toEqual({ firstName: 'Pixel', role: 'Illustrator', personality: 'Playful.' });
    await router.navigate('/t/demo');
    expect(await within(await screen.findByRole('region', { name: 'Agents' })).findByText('Pixel', { selector: 'span' })).toBeInTheDocument();
  });

  it('creates an AI agent with an uploaded avatar: previewed first, sent once the agent exists; no avatar URL field', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:pixel');
    URL.revokeObjectURL = vi.fn();
    const pixel = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000p1', username: 'pixel', fullName: 'Pixel' });
    const uploaded = { ...pixel, avatarUrl: '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp' };
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': [ok({ agents: [] }), ok({ agents: [pixel] })],
      'POST /teams/demo/agents': ok({ agent: pixel }, 201),
      [`PUT /agents/${pixel.id}/avatar`]: ok({ agent: uploaded }),
    });
    renderTeam();
    const user = userEvent.setup();
    const dialog = await openSettingsSection(user, 'AI agents');
    await user.click(await within(dialog).findByRole('button', { name: 'New AI Agent' }));
    expect(within(dialog).queryByRole('textbox', { name: /Avatar URL/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('First name'), 'Pixel');
    await user.upload(within(dialog).getByTestId('avatar-input'), new File([new Uint8Array(8)], 'pixel.png', { type: 'image/png' }));
    expect(within(dialog).getByRole('img', { name: 'Pixel' })).toHaveAttribute('src', 'blob:pixel');
    expect(api.callsTo(`PUT /agents/${pixel.id}/avatar`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() => expect(api.callsTo(`PUT /agents/${pixel.id}/avatar`)).toHaveLength(1));
    expect(api.callsTo('POST /teams/demo/agents')[0]?.body).toEqual({ firstName: 'Pixel' });
    expect((api.callsTo(`PUT /agents/${pixel.id}/avatar`)[0]!.body as FormData).get('avatar')).toMatchObject({ name: 'pixel.png' });
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("changes an AI agent's avatar at once from its edit form", async () => {
    const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000n1' });
    const uploaded = { ...nova, avatarUrl: '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp' };
    URL.createObjectURL = vi.fn(() => 'blob:nova');
    URL.revokeObjectURL = vi.fn();
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [nova] }),
      [`PUT /agents/${nova.id}/avatar`]: ok({ agent: uploaded }),
      [`DELETE /agents/${nova.id}/avatar`]: ok({ agent: nova }),
    });
    renderTeam();
    const user = userEvent.setup();
    const dialog = await openSettingsSection(user, 'AI agents');
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Nova' }));
    const form = within(dialog).getByRole('form', { name: 'Edit Nova' });
    await user.upload(within(form).getByTestId('avatar-input'), new File([new Uint8Array(8)], 'nova.webp', { type: 'image/webp' }));
    await waitFor(() => expect(within(form).getByRole('img', { name: 'Nova' }).getAttribute('src')).toMatch(/avatars\/i\/.+\.webp$/));
    expect(api.callsTo(`PUT /agents/${nova.id}/avatar`)).toHaveLength(1);
    await user.click(within(form).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(form).getByRole('img', { name: 'Nova' }).getAttribute('src')).toMatch(/avatars\/nova\.svg$/));
    expect(api.callsTo(`DELETE /agents/${nova.id}/avatar`)).toHaveLength(1);
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows a plain member no way to add people, and the way to leave', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }), 'GET /teams/demo/agents': ok({ agents: [] }) });
    renderTeam();
    const user = userEvent.setup();
    const members = await openSettingsSection(user, 'Members', 'Team Settings');
    await within(members).findByRole('list', { name: 'Members' });
    expect(within(members).queryByRole('button', { name: 'Add Member' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Team settings' })).getByRole('link', { name: 'Danger zone' }));
    const danger = await screen.findByRole('region', { name: 'Danger zone' });
    expect(within(danger).getByRole('button', { name: 'Leave Team' })).toBeInTheDocument();
  });
});
