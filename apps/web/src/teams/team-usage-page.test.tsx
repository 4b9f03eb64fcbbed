import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TTeamUsageResponse } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam } from '../test/team-fixtures';
import TeamLayout from './team-layout';
import TeamPage from './team-page';
import TeamUsagePage from './team-usage-page';
import TeamSettingsPage from '../team-settings/team-settings-page';

const user = makeUser();
const auth = () => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 'tok' });
const routes = [
  {
    path: '/t/:handle',
    element: <TeamLayout />,
    children: [
      { index: true, element: <TeamPage /> },
      { path: 'usage', element: <TeamUsagePage /> },
      { path: 'settings', element: <TeamSettingsPage /> },
      { path: 'settings/:section', element: <TeamSettingsPage /> },
    ],
  },
];

const nova = { id: '0193a0c4-0000-7000-8000-0000000000a1', username: 'nova', firstName: 'Nova', lastName: '', isAgent: true };
const maya = { id: '0193a0c4-0000-7000-8000-0000000000a2', username: 'maya', firstName: 'Maya', lastName: 'Chen', isAgent: false };
const usage = (days: number, rows: Partial<TTeamUsageResponse> = {}): TTeamUsageResponse => ({
  from: '2026-11-17',
  to: '2026-11-23',
  days,
  dailyTokenBudget: 200000,
  totalTokens: 1234,
  budget: { ceiling: 200000, dailyTokenBudget: null, personDailyTokenLimit: null, effectiveDailyTokens: 200000, usedToday: 1234 },
  byTool: [],
  byAgent: [{ day: '2026-11-23', subject: nova, promptTokens: 1000, completionTokens: 234, totalTokens: 1234, replies: 3 }],
  byPerson: [
    { day: '2026-11-23', subject: maya, promptTokens: 900, completionTokens: 200, totalTokens: 1100, replies: 2 },
    { day: '2026-11-22', subject: null, promptTokens: 100, completionTokens: 34, totalTokens: 134, replies: 1 },
  ],
  ...rows,
});

describe('team usage page', () => {
  it("an owner reaches it from the team settings and reads tokens by AI agent and by person, per period", async () => {
    const api = stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents: [] }),
      'GET /teams/demo/invitations': ok({ invitations: [] }),
      'GET /teams/demo/usage?days=7': ok(usage(7)),
      'GET /teams/demo/usage?days=30': ok(usage(30, { byAgent: [], byPerson: [], totalTokens: 0 })),
    });
    const { router } = renderRoutes(routes, { path: '/t/demo', auth: auth() });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('link', { name: /Manage Team/ }));
    await events.click(await screen.findByRole('link', { name: 'Details' }));
    await events.click(await screen.findByRole('link', { name: 'See AI usage' }));
    expect(router.state.location.pathname).toBe('/t/demo/usage');

    expect(await screen.findByRole('heading', { name: 'AI usage' })).toBeInTheDocument();
    const byAgent = await screen.findByRole('table', { name: 'Tokens by AI agent' });
    const agentRow = within(byAgent).getByRole('row', { name: /Nova/ });
    expect(within(agentRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-23', '3', '1,234']);
    const byPerson = screen.getByRole('table', { name: 'Tokens by person who asked' });
    expect(within(byPerson).getByRole('rowheader', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(within(byPerson).getByRole('rowheader', { name: 'Earlier replies' })).toBeInTheDocument();
    expect(screen.getByText(/1,234 tokens from 2026-11-17 to 2026-11-23/)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(await screen.findByRole('table', { name: 'Tokens by AI agent' })).findByText('No AI replies in this period.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/teams/demo/usage?days=30')).toBe(true);
  });

  it('a member who is not an owner is told so and never asks the API', async () => {
    const api = stubApi({ 'GET /teams/demo': ok({ team: makeTeam({ myRole: 'member', canManage: false }) }) });
    renderRoutes(routes, { path: '/t/demo/usage', auth: auth() });
    expect(await screen.findByText("Only the team's owners see its AI usage.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/usage'))).toBe(false);
  });
});
