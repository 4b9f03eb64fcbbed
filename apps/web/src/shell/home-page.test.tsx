import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { me } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam } from '../test/team-fixtures';
import HomePage from './home-page';

describe('home page', () => {
  it('redirects to my first team again when a second trip home interrupts the first redirect', async () => {
    const dock = makeTeam({ id: 't1', name: 'Dockside', handle: 'dock' });
    stubApi({ 'GET /teams': ok({ teams: [dock] }) });
    // The team page loads slowly (its loader fetches the team): the redirect is still pending when the
    // second navigation home comes, as when a deleted team's event and the delete's answer both go home.
    let release!: () => void;
    const teamLoaded = new Promise<null>((resolve) => (release = () => resolve(null)));
    const { router } = renderRoutes(
      [
        { path: '/', element: <HomePage /> },
        { path: '/t/:handle', element: <p>Team page</p>, loader: () => teamLoaded },
      ],
      { path: '/', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
    );
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/t/dock'));
    await act(() => router.navigate('/', { replace: true }).then(() => undefined));
    release();
    expect(await screen.findByText('Team page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/dock');
  });
});
