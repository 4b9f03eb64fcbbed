import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { TEAM_MESSAGES } from '@agentroom/shared';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { makeRoom } from '../test/team-rooms-fixtures';
import TeamLayout from '../teams/team-layout';
import TeamHomePage from './team-home-page';
import TeamSettingsPage from './team-settings-page';

const me = makeUser();
const routes = [
  { path: '/', element: <p>Home screen</p> },
  {
    path: '/t/:handle',
    element: <TeamLayout />,
    children: [
      { index: true, element: <TeamHomePage /> },
      { path: 'settings', element: <TeamSettingsPage /> },
      { path: 'settings/:section', element: <TeamSettingsPage /> },
    ],
  },
];
const renderTeam = (path = '/t/demo/settings/members') =>
  renderRoutes(routes, { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) });

afterEach(() => vi.unstubAllGlobals());

/** A phone (below the shell's wide breakpoint); jsdom has no matchMedia, which reads as a wide screen. */
const onPhone = () => vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false, addEventListener: () => {}, removeEventListener: () => {} }));

const myself = (role: string) => makeTeamAgent({ id: me.agentId, username: me.username, fullName: 'Ada Lovelace', isHuman: true, membershipRole: role });
const boss = makeTeamAgent({ id: 'agent-boss', username: 'boss', fullName: 'Grace Hopper', isHuman: true, membershipRole: 'owner' });
const maya = makeTeamAgent({ id: 'agent-maya', username: 'maya', fullName: 'Maya Chen', isHuman: true, membershipRole: 'member' });
const nova = makeTeamAgent({ id: 'agent-nova', username: 'nova', fullName: 'Nova', isHuman: false, membershipRole: 'member' });

/** The open settings section (the page's region named after its heading). */
async function openSettings(name = 'Members') {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('region', { name });
  // Members waits for the team's agents.
  if (name === 'Members') await within(dialog).findByRole('list', { name: 'Members' });
  return { user, dialog };
}

describe('team settings: members and roles', () => {
  it("lets an owner change a member's role; not their own, nor an AI agent's", async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': [ok({ agents: [myself('owner'), maya, nova] }), ok({ agents: [myself('owner'), { ...maya, membershipRole: 'admin' }, nova] })],
      'PATCH /teams/demo/members/agent-maya': ok({ agent: { ...maya, membershipRole: 'admin' } }),
    });
    renderTeam();
    const { user, dialog } = await openSettings();
    const select = within(dialog).getByRole('combobox', { name: 'Role of Maya Chen' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Admin', 'Member']);
    expect(within(dialog).queryByRole('combobox', { name: 'Role of Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Role of Nova' })).not.toBeInTheDocument();

    await user.selectOptions(select, 'admin');
    await waitFor(() => expect(api.callsTo('PATCH /teams/demo/members/agent-maya')).toHaveLength(1));
    expect(api.callsTo('PATCH /teams/demo/members/agent-maya')[0]?.body).toEqual({ role: 'admin' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Role of Maya Chen' })).toHaveValue('admin'));
  });

  it('gives an admin no say over owners and shows a refusal from the server', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam({ myRole: 'admin' }) }),
      'GET /teams/demo/agents': ok({ agents: [boss, myself('admin'), maya] }),
      'PATCH /teams/demo/members/agent-maya': fail(403, 'Only owners can make or unmake an owner', 'FORBIDDEN'),
    });
    renderTeam();
    const { user, dialog } = await openSettings();
    expect(within(dialog).queryByRole('combobox', { name: 'Role of Grace Hopper' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove Grace Hopper' })).not.toBeInTheDocument();
    const select = within(dialog).getByRole('combobox', { name: 'Role of Maya Chen' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Admin', 'Member']);
    expect(within(dialog).queryByRole('button', { name: 'Delete Team' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Team details' })).not.toBeInTheDocument();

    await user.selectOptions(select, 'admin');
    expect(await within(dialog).findByText('Only owners can make or unmake an owner')).toBeInTheDocument();
    expect(api.callsTo('PATCH /teams/demo/members/agent-maya')).toHaveLength(1);
  });

  it('removes a member only after a second click', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': [ok({ agents: [myself('owner'), maya] }), ok({ agents: [myself('owner')] })],
      'DELETE /teams/demo/members/agent-maya': ok({ removed: true }),
    });
    renderTeam();
    const { user, dialog } = await openSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Maya Chen' }));
    expect(api.callsTo('DELETE /teams/demo/members/agent-maya')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Maya Chen' }));
    await waitFor(() => expect(api.callsTo('DELETE /teams/demo/members/agent-maya')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Maya Chen')).not.toBeInTheDocument());
  });

  it('shows a plain member the list without controls', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }), 'GET /teams/demo/agents': ok({ agents: [boss, myself('member'), maya] }) });
    renderTeam();
    const { dialog } = await openSettings();
    expect(within(within(dialog).getByRole('list', { name: 'Members' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).queryAllByRole('combobox', { name: /^Role of/ })).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('team settings: owner sections', () => {
  it('saves the team details', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner')] }),
      'PATCH /teams/demo': ok({ team: makeTeam({ name: 'Night Shift' }) }),
    });
    renderTeam('/t/demo/settings/details');
    const { user, dialog } = await openSettings('Details');
    const name = within(dialog).getByLabelText('Team name');
    await user.clear(name);
    await user.type(name, 'Night Shift');
    await user.click(within(dialog).getByRole('button', { name: 'Save Details' }));
    await waitFor(() => expect(api.callsTo('PATCH /teams/demo')).toHaveLength(1));
    expect(api.callsTo('PATCH /teams/demo')[0]?.body).toEqual({ name: 'Night Shift', description: 'Where people and AI agents work together.' });
  });

  it("tells the last owner why they cannot leave, until they choose to stay", async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), maya] }),
      'DELETE /teams/demo/members/me': fail(409, 'You are the last owner: make another member an owner before you leave', 'CONFLICT'),
    });
    renderTeam('/t/demo/settings/danger');
    const { user, dialog } = await openSettings('Danger zone');
    await user.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    const refusal = 'You are the last owner: make another member an owner before you leave';
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(api.callsTo('DELETE /teams/demo/members/me')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(within(dialog).queryByText(refusal)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Leave Team' })).toBeInTheDocument();
  });

  it('deletes the team only once its handle is typed, then leaves the team page', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), maya] }),
      'DELETE /teams/demo': ok({ deleted: true }),
      'GET /teams': ok({ teams: [] }),
    });
    const { router } = renderTeam('/t/demo/settings/danger');
    const { user, dialog } = await openSettings('Danger zone');
    const button = within(dialog).getByRole('button', { name: 'Delete Team' });
    expect(button).toBeDisabled();
    const confirm = within(dialog).getByLabelText('Type demo to confirm');
    await user.type(confirm, 'dem');
    expect(button).toBeDisabled();
    await user.type(confirm, '{Enter}');
    expect(api.callsTo('DELETE /teams/demo')).toHaveLength(0);
    await user.type(confirm, 'o');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(api.callsTo('DELETE /teams/demo')).toHaveLength(1));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('team settings as pages', () => {
  it("opens from the team page at Members, with a side nav of the owner's sections", async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), maya, nova] }),
      'GET /teams/demo/rooms': ok({ rooms: [] }),
      'GET /teams/demo/invitations': ok({ invitations: [] }),
    });
    const { router } = renderTeam('/t/demo');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Manage Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings/members'));
    const nav = screen.getByRole('navigation', { name: 'Team settings' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Members',
      'Invitations',
      'AI agents',
      'External agents',
      'MCP servers',
      'Rooms',
      'Details',
      'AI budget',
      'Message retention',
      'Audit log',
      'Export',
      'Danger zone',
    ]);
    expect(within(nav).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'AI agents' }));
    expect(await screen.findByRole('region', { name: 'AI agents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Nova' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/demo/settings/agents');
  });

  it('shows a plain member only what is theirs; a section they may not open goes back to the settings', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }),
      'GET /teams/demo/agents': ok({ agents: [boss, myself('member')] }),
    });
    const { router } = renderTeam('/t/demo/settings/invitations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings/members'));
    const nav = await screen.findByRole('navigation', { name: 'Team settings' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Members', 'Rooms', 'Danger zone']);
  });

  it('lists the sections on a phone, and a section has its way back to the list', async () => {
    onPhone();
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), maya] }),
      'GET /teams/demo/rooms': ok({ rooms: [] }),
    });
    const { router } = renderTeam('/t/demo/settings');
    const user = userEvent.setup();
    const list = await screen.findByRole('navigation', { name: 'Team settings' });
    expect(within(list).getAllByRole('link')).toHaveLength(12);
    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: /Rooms/ }));
    expect(await screen.findByRole('region', { name: 'Rooms' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Team settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings'));
  });

  it('offers the last person "Delete team" or inviting someone when the server refuses their leaving', async () => {
    const refusal = TEAM_MESSAGES.lastPersonCannotLeave;
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), nova] }),
      'DELETE /teams/demo/members/me': fail(409, refusal, 'CONFLICT'),
    });
    const { router } = renderTeam('/t/demo/settings/danger');
    const { user, dialog } = await openSettings('Danger zone');
    await user.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    expect(within(dialog).getByText('Leave Demo Team? You will need to be added again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave Team' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    const instead = within(dialog).getByRole('group', { name: 'Instead of leaving' });
    await user.click(within(instead).getByRole('button', { name: 'Delete team' }));
    expect(within(dialog).getByLabelText('Type demo to confirm')).toHaveFocus();
    await user.click(within(instead).getByRole('link', { name: 'Invite someone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings/invitations'));
  });
});

describe("a new team's next steps", () => {
  it('lists invite people, add an AI agent and create a room, ticking what is done', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), nova] }),
      'GET /teams/demo/rooms': ok({ rooms: [] }),
      'GET /teams/demo/invitations': ok({ invitations: [] }),
    });
    renderTeam('/t/demo');
    const steps = await screen.findByRole('region', { name: 'Next steps' });
    const links = within(steps).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Invite people', 'Add an AI agent(done)', 'Create a room']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/t/demo/settings/invitations', '/t/demo/settings/agents', '/t/demo/settings/rooms']);
  });

  it('is gone once all are done, and never shown to a plain member', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [myself('owner'), maya, nova] }),
      'GET /teams/demo/rooms': ok({ rooms: [makeRoom('general', 'room-general', { isGeneral: true }), makeRoom('design', 'room-design')] }),
      'GET /teams/demo/invitations': ok({ invitations: [] }),
    });
    renderTeam('/t/demo');
    expect(await screen.findByText('Maya Chen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading rooms...')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Next steps' })).not.toBeInTheDocument();
  });
});
