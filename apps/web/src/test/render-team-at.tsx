import TeamSettingsPage from '../team-settings/team-settings-page';
import TeamLayout from '../teams/team-layout';
import TeamUsagePage from '../teams/team-usage-page';
import { fakeAuth, renderRoutes } from './render';
import { me } from '../tools-settings/tool-settings-fixtures';

/** The team routes the tool settings live in, signed in as `me`. */
export const renderTeamAt = (path: string) =>
  renderRoutes(
    [
      {
        path: '/t/:handle',
        element: <TeamLayout />,
        children: [
          { index: true, element: <p>Team home</p> },
          { path: 'usage', element: <TeamUsagePage /> },
          { path: 'settings', element: <TeamSettingsPage /> },
          { path: 'settings/:section', element: <TeamSettingsPage /> },
        ],
      },
    ],
    { path, auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
