import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { me } from '../test/inbox-fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { CreateRoomDialog } from './create-room-dialog';
import { makeRoom, roomAnswer } from '../test/team-rooms-fixtures';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const nova = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b3', username: 'nova', fullName: 'Nova', isHuman: false });
const sage = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b4', username: 'sage', fullName: 'Sage', isHuman: false });
const team = makeTeam();

function renderDialog(api: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ 'GET /teams/demo/agents': ok({ agents: [makeTeamAgent({ ...me.agent, membershipRole: 'owner' }), maya, nova, sage] }), ...api });
  const view = renderPage(<CreateRoomDialog team={team} open onOpenChange={() => {}} />, {
    path: '/t/demo',
    auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }),
  });
  return { ...view, api: calls };
}

const nameField = () => screen.getByRole('textbox', { name: 'Room name' });

describe('create room dialog', () => {
  it('shows the channel-name rule live: what a typed name becomes, and what is wrong with one', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create room' });
    expect(nameField()).toHaveFocus();
    expect(nameField()).toHaveAccessibleDescription(/^Lowercase letters, numbers and hyphens/);

    await user.type(nameField(), 'Launch Plan');
    expect(nameField()).toHaveAccessibleDescription(/It will be #launch-plan\.$/);
    expect(nameField()).not.toHaveAttribute('aria-invalid');

    await user.clear(nameField());
    await user.type(nameField(), 'launch_plan!');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription(/Room names use lowercase letters, numbers and hyphens$/);
    expect(within(dialog).getByRole('button', { name: 'Create room' })).toBeEnabled();
  });

  it('will not send an empty name, and sends nothing while the name breaks the rule', async () => {
    const user = userEvent.setup();
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Create room' });
    await user.click(within(dialog).getByRole('button', { name: 'Create room' }));
    expect(nameField()).toHaveAccessibleDescription(/Room name is required$/);
    await user.type(nameField(), 'a--b');
    await user.click(within(dialog).getByRole('button', { name: 'Create room' }));
    expect(nameField()).toHaveAccessibleDescription(/Room names use lowercase letters, numbers and hyphens$/);
    expect(api.callsTo('POST /teams/demo/rooms')).toHaveLength(0);
  });

  it('creates the room with its topic, privacy and the people and AI agents picked, then opens it', async () => {
    const user = userEvent.setup();
    const created = makeRoom('launch-plan', '0193a0c4-0000-7000-8000-0000000000e2', { topic: 'Ship it', isPrivate: true, canManage: true });
    const { api, router } = renderDialog({ 'POST /teams/demo/rooms': ok(roomAnswer(created, [maya, nova]), 201) });
    const dialog = await screen.findByRole('dialog', { name: 'Create room' });
    await user.type(nameField(), 'Launch Plan');
    await user.type(within(dialog).getByRole('textbox', { name: /Topic/ }), 'Ship it');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Private room' }));
    const people = within(dialog).getByRole('group', { name: 'People' });
    const agents = within(dialog).getByRole('group', { name: 'AI agents' });
    // Everyone in the team but me.
    expect(within(people).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(agents).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(people).getByRole('checkbox', { name: /Maya Chen/ }));
    await user.click(within(agents).getByRole('checkbox', { name: /Nova/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create room' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/r/launch-plan'));
    expect(api.callsTo('POST /teams/demo/rooms')[0]!.body).toEqual({ name: 'launch-plan', topic: 'Ship it', isPrivate: true, memberIds: [maya.id, nova.id] });
  });

  it("shows the server's errors: a taken name on the field, anything else above the form", async () => {
    const user = userEvent.setup();
    renderDialog({
      'POST /teams/demo/rooms': [
        fail(409, 'A room with this name already exists in this team', 'CONFLICT', { name: 'A room with this name already exists in this team' }),
        fail(429, 'Too many requests, please try again later', 'RATE_LIMITED'),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create room' });
    await user.type(nameField(), 'general');
    await user.click(within(dialog).getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(nameField()).toHaveAccessibleDescription(/A room with this name already exists in this team$/));

    await user.type(nameField(), '-2');
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create room' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests, please try again later');
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    let open = true;
    stubApi({ 'GET /teams/demo/agents': ok({ agents: [] }) });
    renderPage(<CreateRoomDialog team={team} open onOpenChange={(next) => (open = next)} />, {
      path: '/t/demo',
      auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }),
    });
    await screen.findByRole('dialog', { name: 'Create room' });
    expect(await screen.findByText('Nobody else is in this team yet.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(open).toBe(false);
  });
});
