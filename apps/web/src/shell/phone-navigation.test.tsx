import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../test/api-stub';
import { conversationPage, makeConversation, makeMessage, me, withLast } from '../test/inbox-fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import AppShell from './app-shell';

const maya = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b2', username: 'maya', firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', isHuman: true });
const WITH_MAYA = '0193a0c4-0000-7000-8000-0000000000c1';

/** A 375 px phone: no media query of the layout matches (no wide sidebar, no side panel). */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false, addEventListener: () => {}, removeEventListener: () => {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPhone() {
  const fromMaya = makeMessage(WITH_MAYA, 2, 'Lunch?', maya, '2025-03-03T12:00:00.000Z');
  stubApi({
    'GET /teams': ok({ teams: [makeTeam()] }),
    'GET /teams/demo': ok({ team: makeTeam() }),
    'GET /teams/demo/agents': ok({ agents: [maya] }),
    'GET /chat/conversations?page=1&limit=100': ok(conversationPage([withLast(makeConversation(WITH_MAYA, maya), fromMaya, 3)])),
  });
  return renderRoutes(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/t/:handle', element: <p>Team page</p> },
          { path: '/p/:username', element: <p>Chat page</p> },
        ],
      },
    ],
    { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) },
  );
}

describe('app shell at phone width', () => {
  it('keeps the sidebar in a drawer behind a named header button, and closes it on navigation', async () => {
    const { router } = renderPhone();
    expect(await screen.findByText('Team page')).toBeInTheDocument();
    // One copy of everything: no sidebar on the page, so no badge or teams button to overlap it.
    expect(screen.queryByRole('navigation', { name: 'Workspace' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('teams-button')).not.toBeInTheDocument();

    const user = userEvent.setup();
    // The button's name carries the unread count once the list has loaded.
    await user.click(await screen.findByRole('button', { name: 'Open navigation, 3 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(within(drawer).getByRole('navigation', { name: 'Workspace' })).toBeInTheDocument();
    expect(within(drawer).getByTestId('teams-button')).toHaveTextContent('Demo Team');
    expect(within(drawer).getByTestId('user-badge')).toBeInTheDocument();

    // Escape closes it; so does picking a conversation, which opens it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open navigation, 3 unread' }));
    const reopened = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(within(reopened).getByRole('region', { name: 'Conversations' })).getByRole('link', { name: /Maya Chen/ }));
    expect(await screen.findByText('Chat page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/p/@maya');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
  });

  it('closes with its own close button, back to the page', async () => {
    renderPhone();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Open navigation/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
    expect(screen.getByText('Team page')).toBeInTheDocument();
  });
});
