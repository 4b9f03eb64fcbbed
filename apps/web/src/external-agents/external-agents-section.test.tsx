import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n';
import { fail, ok, stubApi } from '../test/api-stub';
import { renderTeamAt } from '../test/render-team-at';
import { makeTeam } from '../test/team-fixtures';
import { DEPLOY_ID, makeDelivery, makeExternalAgent, makeSecrets } from './external-agent-fixtures';

const LIST = 'GET /teams/demo/external-agents';
const deploy = makeExternalAgent();
const section = () => screen.findByRole('region', { name: 'External agents' });
const item = async (name = 'Deploy') => within(await section()).findByRole('group', { name });

describe('External agents in team settings', () => {
  it('is a section for owners and admins, never for plain members', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'admin' }) }), [LIST]: ok({ externalAgents: [] }) });
    const admin = renderTeamAt('/t/demo/settings/external-agents');
    const nav = await screen.findByRole('navigation', { name: 'Team settings' });
    expect(within(nav).getByRole('link', { name: 'External agents' })).toBeInTheDocument();
    expect(await within(await section()).findByText('No external agents yet.')).toBeInTheDocument();
    admin.unmount();

    const api = stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }), 'GET /teams/demo/agents': ok({ agents: [] }) });
    const member = renderTeamAt('/t/demo/settings/external-agents');
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/t/demo/settings/members'));
    expect(within(await screen.findByRole('navigation', { name: 'Team settings' })).queryByRole('link', { name: 'External agents' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('external-agents'))).toBe(false);
  });

  it('lists an agent with what it hears, where its events go, its token hint and webhook health', async () => {
    const socketOnly = makeExternalAgent({
      agent: { ...deploy.agent, id: '0193a0c4-0000-7000-8000-00000000e002', username: 'watcher', firstName: 'Watcher', fullName: 'Watcher' },
      listensTo: 'all',
      webhookUrl: null,
      token: null,
      webhooks: { delivered: 0, pending: 0, failed: 0, lastError: null },
    });
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }), [LIST]: ok({ externalAgents: [deploy, socketOnly] }) });
    renderTeamAt('/t/demo/settings/external-agents');
    const first = await item();
    expect(within(first).getByTitle('External agent: runs outside Agentroom')).toBeInTheDocument();
    expect(within(first).getByText('@deploy-bot · Release manager')).toBeInTheDocument();
    expect(within(first).getByText('What it hears: Only @mentions and direct messages')).toBeInTheDocument();
    expect(within(first).getByText('https://agents.example.com/hook')).toBeInTheDocument();
    expect(within(first).getByText(/Token …abcd · never used/)).toBeInTheDocument();
    expect(within(first).getByTestId('webhook-health')).toHaveTextContent('12 delivered · 1 pending · 2 failed');
    expect(within(first).getByText('Last error: The receiver answered 502')).toBeInTheDocument();

    const second = await item('Watcher');
    expect(within(second).getByText('What it hears: Every message in its conversations')).toBeInTheDocument();
    expect(within(second).getByText('Socket')).toBeInTheDocument();
    expect(within(second).getByText('No live token: it cannot connect')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Revoke token/ })).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Webhook deliveries/ })).not.toBeInTheDocument();
  });

  it('adds an agent and shows its token and webhook secret once; closing hides them for good', async () => {
    const secrets = makeSecrets();
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: [ok({ externalAgents: [] }), ok({ externalAgents: [deploy] })],
      'POST /teams/demo/external-agents': ok(secrets, 201),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(await within(await section()).findByRole('button', { name: 'Add external agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add external agent' });
    await user.type(within(dialog).getByLabelText('Name'), 'Deploy');
    await user.type(within(dialog).getByLabelText('Username'), 'deploy-bot');
    await user.type(within(dialog).getByLabelText(/Role/), 'Release manager');
    await user.click(within(dialog).getByRole('radio', { name: 'Every message in its conversations' }));
    await user.type(within(dialog).getByLabelText(/Webhook URL/), 'https://agents.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy this token now' });
    expect(api.callsTo('POST /teams/demo/external-agents')[0]?.body).toEqual({
      firstName: 'Deploy',
      username: 'deploy-bot',
      role: 'Release manager',
      listensTo: 'all',
      webhookUrl: 'https://agents.example.com/hook',
    });
    expect(within(shown).getByText(/You won't see it again/)).toBeInTheDocument();
    expect(within(shown).getByLabelText('API token')).toHaveTextContent(secrets.token);
    expect(within(shown).getByLabelText('Webhook signing secret')).toHaveTextContent('whsec_T0pS3cret');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy webhook secret' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await item()).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secrets.token);
    expect(document.body.textContent).not.toContain('whsec_T0pS3cret');

    // Opened again, it is the empty form, not the token.
    await user.click(within(await section()).getByRole('button', { name: 'Add external agent' }));
    const again = await screen.findByRole('dialog', { name: 'Add external agent' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
    expect(document.body.textContent).not.toContain(secrets.token);
  });

  it("shows the API's field details under their fields, and a taken username (409) under the username", async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: ok({ externalAgents: [] }),
      'POST /teams/demo/external-agents': [
        fail(400, 'Invalid input', 'VALIDATION_ERROR', { webhookUrl: 'That host is not allowed' }),
        fail(409, 'That username is taken', 'CONFLICT'),
      ],
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(await within(await section()).findByRole('button', { name: 'Add external agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add external agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name the agent');

    await user.type(within(dialog).getByLabelText('Name'), 'Deploy');
    await user.type(within(dialog).getByLabelText('Username'), 'deploy-bot');
    await user.type(within(dialog).getByLabelText(/Webhook URL/), 'http://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    expect(await within(dialog).findByText('That host is not allowed')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Webhook URL/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    expect(await within(dialog).findByText('That username is taken')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('rotates the token after asking, and shows the new one once', async () => {
    const rotated = makeSecrets({ token: 'art_n3wT0ken', webhookSecret: null, externalAgent: makeExternalAgent({ token: { hint: 'wxyz', createdAt: '2025-01-03T00:00:00.000Z', lastUsedAt: null } }) });
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: [ok({ externalAgents: [deploy] }), ok({ externalAgents: [rotated.externalAgent] })],
      [`POST /teams/demo/external-agents/${DEPLOY_ID}/token`]: ok(rotated),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(within(await item()).getByRole('button', { name: 'Rotate token of Deploy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the token of Deploy?' });
    expect(api.callsTo(`POST /teams/demo/external-agents/${DEPLOY_ID}/token`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy this token now' });
    expect(api.callsTo(`POST /teams/demo/external-agents/${DEPLOY_ID}/token`)).toHaveLength(1);
    expect(within(shown).getByLabelText('API token')).toHaveTextContent('art_n3wT0ken');
    expect(within(shown).queryByLabelText('Webhook signing secret')).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await item()).getByText(/Token …wxyz/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('art_n3wT0ken');
  });

  it('revokes the token after saying it disconnects within seconds; Cancel calls nothing', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: [ok({ externalAgents: [deploy] }), ok({ externalAgents: [{ ...deploy, token: null }] })],
      [`DELETE /teams/demo/external-agents/${DEPLOY_ID}/token`]: ok({ revoked: true }),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(within(await item()).getByRole('button', { name: 'Revoke token of Deploy' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke the token of Deploy?' });
    expect(confirm).toHaveAccessibleDescription(/It disconnects within seconds/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /teams/demo/external-agents/${DEPLOY_ID}/token`)).toHaveLength(0);

    await user.click(within(await item()).getByRole('button', { name: 'Revoke token of Deploy' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke the token of Deploy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /teams/demo/external-agents/${DEPLOY_ID}/token`)).toHaveLength(1);
    expect(await within(await item()).findByText('No live token: it cannot connect')).toBeInTheDocument();
  });

  it('removes an agent after asking', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: [ok({ externalAgents: [deploy] }), ok({ externalAgents: [] })],
      [`DELETE /teams/demo/external-agents/${DEPLOY_ID}`]: ok({ deleted: true }),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(within(await item()).getByRole('button', { name: 'Remove Deploy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Deploy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(await section()).findByText('No external agents yet.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /teams/demo/external-agents/${DEPLOY_ID}`)).toHaveLength(1);
  });

  it('edits what the agent hears and turns its webhook off, sending only what changed', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: ok({ externalAgents: [deploy] }),
      [`PATCH /teams/demo/external-agents/${DEPLOY_ID}`]: ok({ externalAgent: { ...deploy, listensTo: 'all', webhookUrl: null } }),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(within(await item()).getByRole('button', { name: 'Edit Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Deploy' });
    expect(within(dialog).getByLabelText('Username')).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Every message in its conversations' }));
    await user.clear(within(dialog).getByLabelText(/Webhook URL/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PATCH /teams/demo/external-agents/${DEPLOY_ID}`)[0]?.body).toEqual({ listensTo: 'all', webhookUrl: null });
  });

  it('lists the newest webhook deliveries with their state, attempts and last answer', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      [LIST]: ok({ externalAgents: [deploy] }),
      [`GET /teams/demo/external-agents/${DEPLOY_ID}/deliveries`]: ok({
        deliveries: [
          makeDelivery({ id: '0193a0c4-0000-7000-8000-00000000d003', event: 'agent.message', status: 'failed', attempts: 8, lastStatus: 502, lastError: 'Bad gateway', deliveredAt: null }),
          makeDelivery({ id: '0193a0c4-0000-7000-8000-00000000d002', event: 'agent.request', status: 'pending', attempts: 2, lastStatus: null, lastError: 'Timed out', deliveredAt: null, nextAttemptAt: '2025-01-02T10:05:00.000Z' }),
          makeDelivery(),
        ],
      }),
    });
    renderTeamAt('/t/demo/settings/external-agents');
    const user = userEvent.setup();
    await user.click(within(await item()).getByRole('button', { name: 'Webhook deliveries of Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook deliveries of Deploy' });
    const rows = within(await within(dialog).findByRole('list', { name: 'Webhook deliveries' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['agent.message: Failed', 'agent.request: Pending', 'agent.request: Delivered']);
    expect(rows[0]).toHaveTextContent('8 attempts');
    expect(rows[0]).toHaveTextContent('HTTP 502');
    expect(rows[0]).toHaveTextContent('Bad gateway');
    expect(rows[1]).toHaveTextContent('No answer');
    expect(rows[1]).toHaveTextContent(/Next attempt/);
    expect(rows[2]).toHaveTextContent('1 attempt');
    expect(rows[2]).toHaveTextContent(/Delivered .*2025|Delivered \d/);
  });
});

describe('External agents in German', () => {
  afterEach(() => applyLanguage('en'));

  it("names each agent's actions in German and writes when its token was last used as a German date", async () => {
    await applyLanguage('de');
    const used = makeExternalAgent({ token: { hint: 'abcd', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: '2025-01-02T10:00:00.000Z' } });
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }), [LIST]: ok({ externalAgents: [used] }) });
    renderTeamAt('/t/demo/settings/external-agents');
    const list = await screen.findByRole('list', { name: 'Externe Agenten' });
    const deployItem = within(list).getByRole('group', { name: 'Deploy' });
    expect(within(deployItem).getByRole('button', { name: 'Deploy bearbeiten' })).toBeInTheDocument();
    expect(within(deployItem).getByRole('button', { name: 'Token von Deploy erneuern' })).toBeInTheDocument();
    expect(within(deployItem).getByRole('button', { name: 'Token von Deploy widerrufen' })).toBeInTheDocument();
    expect(within(deployItem).getByRole('button', { name: 'Webhook-Zustellungen von Deploy' })).toBeInTheDocument();
    expect(within(deployItem).getByRole('button', { name: 'Deploy entfernen' })).toBeInTheDocument();
    expect(within(deployItem).getByText(/2\.1\.2025/)).toBeInTheDocument();
  });
});
