import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { builtinTool, CRM_ID, mcpTool, me } from './tool-settings-fixtures';
import { renderTeamAt } from '../test/render-team-at';

const nova = makeTeamAgent({ id: 'agent-nova', username: 'nova', fullName: 'Nova' });
const self = makeTeamAgent({ id: me.agentId, username: me.username, fullName: 'Ada Lovelace', isHuman: true, membershipRole: 'owner' });
const tools = [builtinTool('search_messages'), builtinTool('read_history'), mcpTool('lookup_order'), mcpTool('refund', { policy: 'approval', approvers: 'managers' })];

/** The tools of one source, in order (each tool is a group named after it; its policy radios are a group without a label attribute). */
const toolTitles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('group')
    .map((group) => group.getAttribute('aria-label'))
    .filter(Boolean);

async function openTools(table: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'admin' }) }), 'GET /teams/demo/agents': ok({ agents: [self, nova] }), ...table });
  const view = renderTeamAt('/t/demo/settings/agents');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Tools of Nova' }));
  const dialog = await screen.findByRole('dialog', { name: 'Tools of Nova' });
  return { api, user, dialog, ...view };
}

describe("an AI agent's tools", () => {
  it('lists the tools by source with their policies, and saves only the changed tool', async () => {
    const saved = tools.map((tool) => (tool.key === 'builtin:read_history' ? { ...tool, policy: 'off' as const } : tool));
    const { api, user, dialog } = await openTools({ 'GET /agents/agent-nova/tools': ok({ tools }), 'PUT /agents/agent-nova/tools': ok({ tools: saved }) });
    const builtIn = await within(dialog).findByRole('region', { name: 'Built-in' });
    expect(toolTitles(builtIn)).toEqual(['search_messages', 'read_history']);
    const crm = within(dialog).getByRole('region', { name: 'crm' });
    expect(toolTitles(crm)).toEqual(['crm.lookup_order', 'crm.refund']);
    expect(within(within(crm).getByRole('group', { name: 'crm.lookup_order' })).getByText('CRM lookup_order')).toBeInTheDocument();
    expect(within(within(builtIn).getByRole('group', { name: 'search_messages' })).getByRole('radio', { name: 'Runs on its own' })).toBeChecked();
    expect(within(within(crm).getByRole('group', { name: 'crm.refund' })).getByRole('radio', { name: 'Needs approval' })).toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save Tools' });
    expect(save).toBeDisabled();

    await user.click(within(within(builtIn).getByRole('group', { name: 'read_history' })).getByRole('radio', { name: 'Off' }));
    expect(within(dialog).getByText('1 change not saved yet')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /agents/agent-nova/tools')).toHaveLength(1));
    expect(api.callsTo('PUT /agents/agent-nova/tools')[0]?.body).toEqual({ tools: [{ key: 'builtin:read_history', policy: 'off' }] });
    expect(await within(dialog).findByText('Saved')).toBeInTheDocument();
    expect(within(within(builtIn).getByRole('group', { name: 'read_history' })).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(save).toBeDisabled();
  });

  it('asks who approves only while a tool needs approval, and sends who', async () => {
    const { api, user, dialog } = await openTools({ 'GET /agents/agent-nova/tools': ok({ tools }), 'PUT /agents/agent-nova/tools': ok({ tools }) });
    const lookup = within(await within(dialog).findByRole('region', { name: 'crm' })).getByRole('group', { name: 'crm.lookup_order' });
    expect(within(lookup).queryByRole('combobox', { name: 'Who approves' })).not.toBeInTheDocument();
    const refund = within(dialog).getByRole('group', { name: 'crm.refund' });
    expect(within(refund).getByRole('combobox', { name: 'Who approves' })).toHaveValue('managers');

    await user.click(within(lookup).getByRole('radio', { name: 'Needs approval' }));
    const who = within(lookup).getByRole('combobox', { name: 'Who approves' });
    expect(within(who).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'The person who asked and room managers',
      'Room managers only',
      'Anyone in the room',
    ]);
    expect(who).toHaveValue('requester_and_managers');
    await user.selectOptions(who, 'room_members');
    await user.click(within(refund).getByRole('radio', { name: 'Runs on its own' }));
    expect(within(refund).queryByRole('combobox', { name: 'Who approves' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save Tools' }));
    await waitFor(() => expect(api.callsTo('PUT /agents/agent-nova/tools')).toHaveLength(1));
    expect(api.callsTo('PUT /agents/agent-nova/tools')[0]?.body).toEqual({
      tools: [
        { key: `mcp:${CRM_ID}:lookup_order`, policy: 'approval', approvers: 'room_members' },
        { key: `mcp:${CRM_ID}:refund`, policy: 'auto' },
      ],
    });
  });

  it("shows the server's refusal and keeps the change to try again", async () => {
    const { api, user, dialog } = await openTools({
      'GET /agents/agent-nova/tools': ok({ tools }),
      'PUT /agents/agent-nova/tools': fail(400, 'Unknown tool', 'VALIDATION_ERROR'),
    });
    const search = await within(dialog).findByRole('group', { name: 'search_messages' });
    await user.click(within(search).getByRole('radio', { name: 'Off' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Tools' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unknown tool');
    expect(within(search).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save Tools' })).toBeEnabled();
    expect(api.callsTo('PUT /agents/agent-nova/tools')).toHaveLength(1);
  });

  it('points to the MCP servers section when no server gives tools yet', async () => {
    const { user, dialog, router } = await openTools({ 'GET /agents/agent-nova/tools': ok({ tools: tools.slice(0, 2) }) });
    expect(await within(dialog).findByText(/No tools from MCP servers yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Add an MCP server' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings/mcp-servers'));
  });
});
