import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import TeamLayout from './team-layout';
import TeamPage from './team-page';

const me = makeUser();
const routes = [
  { path: '/', element: <p>Home screen</p> },
  { path: '/t/:handle', element: <TeamLayout />, children: [{ index: true, element: <TeamPage /> }] },
];
const renderTeam = () =>
  renderRoutes(routes, { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) });

const myself = (role: string) => makeTeamAgent({ id: me.agentId, username: me.username, fullName: 'Ada Lovelace', isHuman: true, membershipRole: role });
const boss = makeTeamAgent({ id: 'agent-boss', username: 'boss', fullName: 'Grace Hopper', isHuman: true, membershipRole: 'owner' });
const maya = makeTeamAgent({ id: 'agent-maya', username: 'maya', fullName: 'Maya Chen', isHuman: true, membershipRole: 'member' });
const nova = makeTeamAgent({ id: 'agent-nova', username: 'nova', fullName: 'Nova', isHuman: false, membershipRole: 'member' });

async function openSettings() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Manage Team|Team Settings/ }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Team settings' }) };
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
    renderTeam();
    const { user, dialog } = await openSettings();
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
    renderTeam();
    const { user, dialog } = await openSettings();
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
    const { router } = renderTeam();
    const { user, dialog } = await openSettings();
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
