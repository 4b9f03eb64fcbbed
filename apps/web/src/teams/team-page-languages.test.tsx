import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import AppShell from '../shell/app-shell';
import TeamLayout from './team-layout';
import TeamPage from './team-page';
import TeamUsagePage from './team-usage-page';

const user = makeUser();
const auth = () => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 'tok' });

const routes = [
  {
    element: <AppShell />,
    children: [
      {
        path: '/t/:handle',
        element: <TeamLayout />,
        children: [
          { index: true, element: <TeamPage /> },
          { path: 'usage', element: <TeamUsagePage /> },
        ],
      },
    ],
  },
];

const agents = [
  makeTeamAgent({ id: user.agentId, username: user.username, fullName: 'Ada Lovelace', isHuman: true }),
  makeTeamAgent({ username: 'maya', fullName: 'Maya Chen', isHuman: true, role: 'Designer' }),
  makeTeamAgent({ username: 'nova', fullName: 'Nova' }),
];

afterEach(async () => {
  // Every other test reads English.
  await applyLanguage('en', { remember: false });
});

describe('the workspace in other languages', () => {
  it('shows the team page and the shell in Arabic, right to left', async () => {
    await applyLanguage('ar', { remember: false });
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents }),
      'GET /teams': ok({ teams: [makeTeam()] }),
    });
    renderRoutes(routes, { path: '/t/demo', auth: auth() });

    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(await screen.findByRole('heading', { name: /Demo Team/ })).toBeInTheDocument();
    // Two members: Arabic's dual form, not "2 members".
    expect(screen.getByText(/عضوان · \/t\/demo/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إدارة الفريق' })).toBeInTheDocument();

    const cards = await screen.findAllByTestId('agent-card');
    expect(within(cards[1]!).getByText('إنسان')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('ذكاء اصطناعي')).toBeInTheDocument();

    // The shell around it: the sidebar's landmarks and sections.
    const sidebar = screen.getByRole('navigation', { name: 'مساحة العمل' });
    expect(within(sidebar).getByRole('heading', { name: 'الفرق' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('heading', { name: 'الأشخاص' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('heading', { name: 'وكلاء الذكاء الاصطناعي' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'إنشاء فريق' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'الشريط الجانبي' })).toBeInTheDocument();
    expect(screen.queryByText('Create a team')).not.toBeInTheDocument();
  });

  it("shows the usage page's numbers and days in German", async () => {
    await applyLanguage('de', { remember: false });
    const nova = { id: 'a1', username: 'nova', firstName: 'Nova', lastName: '', isAgent: true };
    stubApi({
      'GET /teams/demo': ok({ team: makeTeam() }),
      'GET /teams/demo/agents': ok({ agents }),
      'GET /teams': ok({ teams: [makeTeam()] }),
      'GET /teams/demo/usage?days=7': ok({
        from: '2026-11-17',
        to: '2026-11-23',
        days: 7,
        dailyTokenBudget: 200000,
        totalTokens: 12345,
        budget: { ceiling: 200000, dailyTokenBudget: null, personDailyTokenLimit: null, effectiveDailyTokens: 200000, usedToday: 12345 },
        byTool: [],
        byAgent: [{ day: '2026-11-23', subject: nova, promptTokens: 12000, completionTokens: 345, totalTokens: 12345, replies: 3 }],
        byPerson: [],
      }),
    });
    renderRoutes(routes, { path: '/t/demo/usage', auth: auth() });

    expect(document.documentElement.dir).toBe('ltr');
    expect(await screen.findByRole('heading', { name: 'KI-Nutzung' })).toBeInTheDocument();
    const byAgent = await screen.findByRole('table', { name: 'Tokens nach KI-Agent' });
    const row = within(byAgent).getByRole('row', { name: /Nova/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['23.11.2026', '3', '12.345']);
    expect(screen.getByText(/12\.345 Tokens vom 17\.11\.2026 bis 23\.11\.2026\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Letzte 30 Tage' })).toBeInTheDocument();
  });
});
