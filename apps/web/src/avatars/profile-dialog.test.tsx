import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserBadge } from '../shell/user-badge';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';

const me = makeUser();
const UPLOADED = '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp';
const profileWith = (avatarUrl: string) =>
  ok({ profile: { id: me.id, username: me.username, email: me.email, profile: { ...me.profile, avatar: avatarUrl }, agent: { ...me.agent, avatarUrl } } });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:me');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('your own avatar, from the user badge', () => {
  it('opens Profile, uploads with progress, and the badge shows the new picture; Remove brings the generated one back', async () => {
    const api = stubApi({
      'GET /users/me': [profileWith(me.agent.avatarUrl), profileWith(UPLOADED), profileWith(me.agent.avatarUrl)],
      'PUT /users/me/avatar': ok({ agent: { ...me.agent, avatarUrl: UPLOADED } }),
      'DELETE /users/me/avatar': ok({ agent: me.agent }),
    });
    renderPage(<UserBadge />, { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 't' }) });
    const user = userEvent.setup();
    const badge = await screen.findByTestId('user-badge');
    await user.click(within(badge).getByRole('button', { name: 'Profile' }));

    const dialog = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(dialog).getByText(`@${me.username}`)).toBeInTheDocument();
    // The rest of the account (names, role, email, password) is a page away.
    expect(within(dialog).getByRole('link', { name: 'Edit your name, role, email and password' })).toHaveAttribute('href', '/account/profile');
    expect(within(badge).getByRole('link', { name: 'Account settings', hidden: true })).toHaveAttribute('href', '/account/profile');
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.upload(within(dialog).getByTestId('avatar-input'), new File([new Uint8Array(8)], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(api.callsTo('PUT /users/me/avatar')).toHaveLength(1));
    // The badge sits behind the modal (hidden from the accessibility tree meanwhile), but shows the change at once.
    await waitFor(() => expect(within(badge).getByRole('img', { name: 'Ada Lovelace', hidden: true }).getAttribute('src')).toMatch(/avatars\/i\/.+\.webp$/));

    await user.click(await within(dialog).findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE /users/me/avatar')).toHaveLength(1));
    await waitFor(() => expect(within(badge).getByRole('img', { name: 'Ada Lovelace', hidden: true }).getAttribute('src')).toMatch(/avatars\/ada\.svg$/));
  });
});
