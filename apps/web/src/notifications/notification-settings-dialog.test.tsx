import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserBadge } from '../shell/user-badge';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';

const me = makeUser();
const profile = { id: me.id, username: me.username, email: me.email, profile: me.profile, agent: me.agent };

/** A stand-in for the browser's Notification API, in a given permission state. */
function stubNotificationApi(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog(table: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /users/me': ok({ profile }),
    'GET /users/me/notifications': ok({ notifications: { unreadEmailDelayMinutes: 15 } }),
    ...table,
  });
  renderPage(<UserBadge />, { path: '/t/demo', auth: fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 'tok' }) });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notifications' }));
  const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
  return { api, user, dialog };
}

describe('Notifications dialog: the unread-messages email', () => {
  it('shows the saved delay and saves another choice, Off included', async () => {
    const { api, user, dialog } = await openDialog({
      'PATCH /users/me/notifications': [ok({ notifications: { unreadEmailDelayMinutes: 60 } }), ok({ notifications: { unreadEmailDelayMinutes: null } })],
    });
    const group = await within(dialog).findByRole('group', { name: 'Email me about unread messages after' });
    expect(await within(group).findByRole('radio', { name: '15 minutes' })).toBeChecked();
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['5 minutes', '15 minutes', '1 hour', '4 hours', 'Off']);

    await user.click(within(group).getByRole('radio', { name: '1 hour' }));
    expect(await within(dialog).findByText('Saved')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '1 hour' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Off' }));
    await waitFor(() => expect(api.callsTo('PATCH /users/me/notifications')).toHaveLength(2));
    expect(api.callsTo('PATCH /users/me/notifications').map((c) => c.body)).toEqual([{ unreadEmailDelayMinutes: 60 }, { unreadEmailDelayMinutes: null }]);
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Off' })).toBeChecked());
  });

  it('opened again, shows what the server holds now (turned off meanwhile by the mail’s unsubscribe link)', async () => {
    const { user, dialog } = await openDialog({
      'GET /users/me/notifications': [ok({ notifications: { unreadEmailDelayMinutes: 5 } }), ok({ notifications: { unreadEmailDelayMinutes: null } })],
    });
    expect(await within(dialog).findByRole('radio', { name: '5 minutes' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(again).findByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(again).getByRole('radio', { name: '5 minutes' })).not.toBeChecked();
  });

  it('says when saving failed and keeps showing what is saved', async () => {
    const { user, dialog } = await openDialog({ 'PATCH /users/me/notifications': fail(500, 'Internal server error', 'INTERNAL') });
    const group = await within(dialog).findByRole('group', { name: 'Email me about unread messages after' });
    await user.click(await within(group).findByRole('radio', { name: '5 minutes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(within(group).getByRole('radio', { name: '15 minutes' })).toBeChecked();
  });

  it('says when the settings could not be loaded', async () => {
    const { dialog } = await openDialog({ 'GET /users/me/notifications': { networkError: true } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Network error');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Notifications dialog: browser notifications', () => {
  it('asks for permission only when the button is clicked, then says they are on and can turn them off', async () => {
    const { requestPermission } = stubNotificationApi('default');
    const { user, dialog } = await openDialog();
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Turn on browser notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('Browser notifications are on in this browser.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Turn off browser notifications' }));
    expect(within(dialog).getByText('Browser notifications are off in this browser.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn on browser notifications' }));
    expect(within(dialog).getByText('Browser notifications are on in this browser.')).toBeInTheDocument();
    // Already granted: turning them on again asks nothing.
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says when the browser refused', async () => {
    stubNotificationApi('default', 'denied');
    const first = await openDialog();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Turn on browser notifications' }));
    expect(await within(first.dialog).findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(within(first.dialog).queryByRole('button', { name: 'Turn on browser notifications' })).not.toBeInTheDocument();
  });

  it('shows the state the browser is in when the dialog opens, without asking', async () => {
    const { requestPermission } = stubNotificationApi('denied');
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('says so when the browser has no notifications', async () => {
    vi.stubGlobal('Notification', undefined);
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('This browser cannot show notifications.')).toBeInTheDocument();
  });
});
