import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeTeam } from '../test/team-fixtures';
import { makeBudget, makeUsage } from './tool-settings-fixtures';
import { renderTeamAt } from '../test/render-team-at';

describe('the AI budget on the usage page', () => {
  it("shows today's use against the budget as a meter, the per-person limit and calls by tool", async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/usage?days=7': ok(
        makeUsage({
          budget: makeBudget({ personDailyTokenLimit: 50000 }),
          byTool: [
            { day: '2026-11-27', tool: 'crm.lookup_order', calls: 12, errors: 2 },
            { day: '2026-11-27', tool: 'search_messages', calls: 1040, errors: 0 },
          ],
        }),
      ),
    });
    renderTeamAt('/t/demo/usage');
    const meter = await screen.findByRole('meter', { name: "Today's AI tokens" });
    expect(meter).toHaveAttribute('aria-valuenow', '123400');
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '500000');
    expect(meter).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByText('123,400 of 500,000 tokens today')).toBeInTheDocument();
    expect(screen.getByText('Each person: up to 50,000 tokens a day')).toBeInTheDocument();
    expect(screen.queryByText(/Your team has used/)).not.toBeInTheDocument();

    const byTool = screen.getByRole('table', { name: 'Calls by tool' });
    const row = within(byTool).getByRole('row', { name: /crm.lookup_order/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2026-11-27', '12', '2']);
    expect(within(within(byTool).getByRole('row', { name: /search_messages/ })).getAllByRole('cell')[1]).toHaveTextContent('1,040');
    expect(screen.getByRole('link', { name: 'Change the budget' })).toHaveAttribute('href', '/t/demo/settings/budget');
  });

  it('warns in amber from 80 % and turns red when the day is spent', async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/usage?days=7': ok(makeUsage({ budget: makeBudget({ usedToday: 400000 }), byTool: [] })),
      'GET /teams/demo/usage?days=30': ok(makeUsage({ days: 30, budget: makeBudget({ usedToday: 512000 }) })),
    });
    renderTeamAt('/t/demo/usage');
    const meter = await screen.findByRole('meter', { name: "Today's AI tokens" });
    expect(meter).toHaveAttribute('data-tone', 'warning');
    expect(screen.getByText("Your team has used 80% of today's AI tokens.")).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Calls by tool' })).getByText('No tool calls in this period.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(screen.getByRole('meter', { name: "Today's AI tokens" })).toHaveAttribute('data-tone', 'spent'));
    expect(screen.getByRole('meter', { name: "Today's AI tokens" })).toHaveAttribute('aria-valuenow', '500000');
    expect(screen.getByText("Your team has used all of today's AI tokens. AI agents answer again tomorrow (UTC).")).toBeInTheDocument();
  });
});

describe('the AI budget section', () => {
  it('is for owners only', async () => {
    stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'admin' }) }), 'GET /teams/demo/agents': ok({ agents: [] }), 'GET /teams/demo/mcp-servers': ok({ servers: [] }) });
    const { router } = renderTeamAt('/t/demo/settings/budget');
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/demo/settings/members'));
    const nav = await screen.findByRole('navigation', { name: 'Team settings' });
    expect(within(nav).queryByRole('link', { name: 'AI budget' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'MCP servers' })).toBeInTheDocument();
  });

  it("checks the numbers, saves them, and clears the team's budget back to the server's limit", async () => {
    const saved = makeBudget({ dailyTokenBudget: 250000, personDailyTokenLimit: 50000, effectiveDailyTokens: 250000 });
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/usage?days=7': [ok(makeUsage()), ok(makeUsage({ budget: saved }))],
      'PUT /teams/demo/budget': [ok({ budget: saved }), ok({ budget: makeBudget({ personDailyTokenLimit: 50000 }) })],
    });
    renderTeamAt('/t/demo/settings/budget');
    const form = await screen.findByRole('form', { name: 'AI budget' });
    const user = userEvent.setup();
    const team = within(form).getByLabelText(/Daily token budget for the team/);
    const person = within(form).getByLabelText(/Daily limit per person/);
    expect(team).toHaveAttribute('placeholder', '500,000');
    expect(team).toHaveAccessibleDescription("Up to 500,000 (the server's limit)");

    await user.type(team, '600000');
    await user.type(person, 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    expect(team).toHaveAccessibleDescription(/At most 500,000 \(the server's limit\)/);
    expect(person).toHaveAccessibleDescription(/Enter a whole number of tokens, more than 0/);
    expect(api.callsTo('PUT /teams/demo/budget')).toHaveLength(0);

    await user.clear(team);
    await user.type(team, '250,000');
    await user.clear(person);
    await user.type(person, '300000');
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    expect(person).toHaveAccessibleDescription(/At most the team's daily budget/);

    await user.clear(person);
    await user.type(person, '50000');
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    await waitFor(() => expect(api.callsTo('PUT /teams/demo/budget')).toHaveLength(1));
    expect(api.callsTo('PUT /teams/demo/budget')[0]?.body).toEqual({ dailyTokenBudget: 250000, personDailyTokenLimit: 50000 });
    expect(await within(form).findByText("Saved. Today's budget: 250,000 tokens.")).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: "Today's AI tokens" })).toHaveAttribute('aria-valuemax', '250000');

    await user.click(within(form).getByRole('button', { name: "Use the server's limit" }));
    expect(team).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    await waitFor(() => expect(api.callsTo('PUT /teams/demo/budget')).toHaveLength(2));
    expect(api.callsTo('PUT /teams/demo/budget')[1]?.body).toEqual({ dailyTokenBudget: null, personDailyTokenLimit: 50000 });
  });

  it("shows the server's 400 by field, or above the form", async () => {
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/usage?days=7': ok(makeUsage()),
      'PUT /teams/demo/budget': [
        fail(400, 'Validation failed', 'VALIDATION_ERROR', { dailyTokenBudget: "Above the server's limit of 400,000 tokens a day" }),
        fail(400, 'Only owners set the budget', 'VALIDATION_ERROR'),
      ],
    });
    renderTeamAt('/t/demo/settings/budget');
    const form = await screen.findByRole('form', { name: 'AI budget' });
    const user = userEvent.setup();
    const team = within(form).getByLabelText(/Daily token budget for the team/);
    await user.type(team, '450000');
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    await waitFor(() => expect(team).toHaveAccessibleDescription(/Above the server's limit of 400,000 tokens a day/));
    await user.click(within(form).getByRole('button', { name: 'Save Budget' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only owners set the budget');
  });
});

describe('the AI budget in German', () => {
  afterEach(() => applyLanguage('en'));

  it('shows and reads numbers the German way (250.000)', async () => {
    await applyLanguage('de');
    const saved = makeBudget({ dailyTokenBudget: 250000, effectiveDailyTokens: 250000 });
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/usage?days=7': [ok(makeUsage()), ok(makeUsage({ budget: saved }))],
      'PUT /teams/demo/budget': ok({ budget: saved }),
    });
    renderTeamAt('/t/demo/settings/budget');
    const form = await screen.findByRole('form', { name: 'KI-Budget' });
    const team = within(form).getByLabelText(/Tägliches Token-Budget des Teams/);
    expect(team).toHaveAttribute('placeholder', '500.000');

    const user = userEvent.setup();
    await user.type(team, '250.000');
    await user.click(within(form).getByRole('button', { name: 'Budget speichern' }));
    await waitFor(() => expect(api.callsTo('PUT /teams/demo/budget')).toHaveLength(1));
    expect(api.callsTo('PUT /teams/demo/budget')[0]?.body).toEqual({ dailyTokenBudget: 250000, personDailyTokenLimit: null });
    expect(await within(form).findByText('Gespeichert. Budget für heute: 250.000 Tokens.')).toBeInTheDocument();
  });
});
