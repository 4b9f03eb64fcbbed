import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RealtimeContext, type ConnectionStatus } from '../realtime/realtime-context';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { UserBadge } from './user-badge';

const me = makeUser();

function renderBadge(status: ConnectionStatus, user = me) {
  stubApi({ 'GET /users/me': ok({ profile: { id: me.id, username: me.username, email: me.email, profile: me.profile, agent: me.agent } }) });
  renderPage(
    <RealtimeContext.Provider value={{ socket: null, status, error: null }}>
      <UserBadge />
    </RealtimeContext.Provider>,
    { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 'tok' }) },
  );
  return within(screen.getByTestId('user-badge'));
}

describe('the user badge’s own dot: is this browser live', () => {
  it.each([
    ['connected', 'Online', 'online'],
    ['connecting', 'Connecting…', 'unknown'],
    ['disconnected', 'Offline', 'offline'],
  ] as const)('%s: "%s"', (status, label, presence) => {
    const badge = renderBadge(status);
    const dot = badge.getByRole('img', { name: label });
    expect(dot).toHaveAttribute('data-presence', presence);
    expect(dot).toHaveAttribute('title', label);
  });
});

describe('the link to the admin area', () => {
  it('is there for an instance administrator only', () => {
    expect(renderBadge('connected').queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('leads an instance administrator to /admin', () => {
    const badge = renderBadge('connected', makeUser({ isInstanceAdmin: true }));
    expect(badge.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });
});
