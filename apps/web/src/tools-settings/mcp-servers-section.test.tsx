import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeTeam } from '../test/team-fixtures';
import { CRM_ID, makeMcpServer } from './tool-settings-fixtures';
import { renderTeamAt } from '../test/render-team-at';

const crm = makeMcpServer();
const section = () => screen.findByRole('region', { name: 'MCP servers' });

describe('MCP servers in team settings', () => {
  it('is a section for owners and admins, never for plain members', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'admin' }) }), 'GET /teams/demo/mcp-servers': ok({ servers: [] }) });
    const admin = renderTeamAt('/t/demo/settings/mcp-servers');
    const nav = await screen.findByRole('navigation', { name: 'Team settings' });
    expect(within(nav).getByRole('link', { name: 'MCP servers' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'AI budget' })).not.toBeInTheDocument();
    expect(await within(await section()).findByText('No MCP servers yet.')).toBeInTheDocument();
    admin.unmount();

    const api = stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }), 'GET /teams/demo/agents': ok({ agents: [] }) });
    const member = renderTeamAt('/t/demo/settings/mcp-servers');
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/t/demo/settings/members'));
    expect(within(await screen.findByRole('navigation', { name: 'Team settings' })).queryByRole('link', { name: 'MCP servers' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('mcp-servers'))).toBe(false);
  });

  it("lists a server with its header names only, its tools on demand, and the last listing's error", async () => {
    const broken = makeMcpServer({ id: '0193a0c4-0000-7000-8000-00000000c002', name: 'billing', headerNames: [], tools: [], lastError: 'The server answered 401' });
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam() }), 'GET /teams/demo/mcp-servers': ok({ servers: [crm, broken] }) });
    renderTeamAt('/t/demo/settings/mcp-servers');
    const item = await within(await section()).findByRole('group', { name: 'crm' });
    expect(within(item).getByText('https://mcp.example.com/mcp')).toBeInTheDocument();
    expect(within(within(item).getByRole('list', { name: 'Headers' })).getByRole('listitem')).toHaveTextContent('Authorization (hidden)');
    expect(within(item).getByText(/^Tools listed/)).toBeInTheDocument();

    const toggle = within(item).getByRole('button', { name: '2 tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const tools = within(item).getByRole('list', { name: 'Tools of crm' });
    expect(within(tools).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['lookup_orderFinds an order by its number', 'refundRefunds an order']);

    const billing = screen.getByRole('group', { name: 'billing' });
    expect(within(billing).getByText('Could not list its tools: The server answered 401')).toBeInTheDocument();
    expect(within(billing).queryByRole('list', { name: 'Headers' })).not.toBeInTheDocument();
  });

  it('adds a server with an auth header; the secret is sent once and only its name is shown back', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/mcp-servers': [ok({ servers: [] }), ok({ servers: [crm] })],
      'POST /teams/demo/mcp-servers': ok({ server: crm }, 201),
    });
    renderTeamAt('/t/demo/settings/mcp-servers');
    const user = userEvent.setup();
    await user.click(await within(await section()).findByRole('button', { name: 'Add MCP server' }));
    const form = screen.getByRole('form', { name: 'Add MCP server' });
    expect(within(form).getByText(/Streamable HTTP endpoint, e.g. https:\/\/mcp.example.com\/mcp. Header values are stored encrypted and never shown again./)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'crm');
    await user.type(within(form).getByLabelText('URL'), 'https://mcp.example.com/mcp');
    await user.type(within(form).getByLabelText('Header 1 name'), 'Authorization');
    await user.type(within(form).getByLabelText('Header 1 value'), 'Bearer s3cret');
    await user.click(within(form).getByRole('button', { name: 'Add header' }));
    await user.click(within(form).getByRole('button', { name: 'Remove header 2' }));
    await user.click(within(form).getByRole('button', { name: 'Add Server' }));

    await waitFor(() => expect(api.callsTo('POST /teams/demo/mcp-servers')).toHaveLength(1));
    expect(api.callsTo('POST /teams/demo/mcp-servers')[0]?.body).toEqual({
      name: 'crm',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer s3cret' },
    });
    const item = await screen.findByRole('group', { name: 'crm' });
    expect(within(item).getByText('Authorization (hidden)')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add MCP server' })).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('s3cret');
  });

  it("shows the server's 400 details under their fields, and a refused host's message as is", async () => {
    const refusal = 'mcp.internal.test is not an allowed host: it resolves to a private address';
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/mcp-servers': ok({ servers: [] }),
      'POST /teams/demo/mcp-servers': [
        fail(400, 'Validation failed', 'VALIDATION_ERROR', { name: 'A server of this team is already named crm' }),
        fail(400, refusal, 'VALIDATION_ERROR'),
      ],
    });
    renderTeamAt('/t/demo/settings/mcp-servers');
    const user = userEvent.setup();
    await user.click(await within(await section()).findByRole('button', { name: 'Add MCP server' }));
    const form = screen.getByRole('form', { name: 'Add MCP server' });

    await user.click(within(form).getByRole('button', { name: 'Add Server' }));
    expect(within(form).getByText('Name the server')).toBeInTheDocument();
    expect(api.callsTo('POST /teams/demo/mcp-servers')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'crm');
    await user.type(within(form).getByLabelText('URL'), 'https://mcp.internal.test/mcp');
    await user.click(within(form).getByRole('button', { name: 'Add Server' }));
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/A server of this team is already named crm/));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.clear(name);
    await user.type(name, 'internal');
    await user.click(within(form).getByRole('button', { name: 'Add Server' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('edits a server: renames it and removes its headers, sending only what changed', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/mcp-servers': [ok({ servers: [crm] }), ok({ servers: [makeMcpServer({ name: 'sales', headerNames: [] })] })],
      [`PATCH /teams/demo/mcp-servers/${CRM_ID}`]: ok({ server: makeMcpServer({ name: 'sales', headerNames: [] }) }),
    });
    renderTeamAt('/t/demo/settings/mcp-servers');
    const user = userEvent.setup();
    await user.click(await within(await section()).findByRole('button', { name: 'Edit crm' }));
    const form = screen.getByRole('form', { name: 'Edit crm' });
    expect(within(form).queryByLabelText('Header 1 value')).not.toBeInTheDocument();
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'sales');
    await user.click(within(form).getByRole('button', { name: 'Remove headers' }));
    await user.click(within(form).getByRole('button', { name: 'Save Server' }));
    await waitFor(() => expect(api.callsTo(`PATCH /teams/demo/mcp-servers/${CRM_ID}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /teams/demo/mcp-servers/${CRM_ID}`)[0]?.body).toEqual({ name: 'sales', headers: null });
    const sales = await screen.findByRole('group', { name: 'sales' });
    expect(within(sales).queryByRole('list', { name: 'Headers' })).not.toBeInTheDocument();
  });

  it('refreshes the tools, and removes a server only after its confirm dialog', async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/mcp-servers': [ok({ servers: [crm] }), ok({ servers: [makeMcpServer({ tools: [] })] }), ok({ servers: [] })],
      [`POST /teams/demo/mcp-servers/${CRM_ID}/refresh`]: ok({ server: makeMcpServer({ tools: [] }) }),
      [`DELETE /teams/demo/mcp-servers/${CRM_ID}`]: ok({ deleted: true }),
    });
    renderTeamAt('/t/demo/settings/mcp-servers');
    const user = userEvent.setup();
    const item = await within(await section()).findByRole('group', { name: 'crm' });
    await user.click(within(item).getByRole('button', { name: 'Refresh tools of crm' }));
    await waitFor(() => expect(api.callsTo(`POST /teams/demo/mcp-servers/${CRM_ID}/refresh`)).toHaveLength(1));
    expect(await within(item).findByRole('button', { name: '0 tools' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Remove crm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove crm?' });
    expect(within(dialog).getByText('Its tools leave every agent.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /teams/demo/mcp-servers/${CRM_ID}`)).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Remove crm' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove crm?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo(`DELETE /teams/demo/mcp-servers/${CRM_ID}`)).toHaveLength(1));
    expect(await within(await section()).findByText('No MCP servers yet.')).toBeInTheDocument();
  });
});
