import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAdminHealthResponse, TAdminPerson, TAdminReport } from '@agentroom/shared';
import { ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderRoutes } from '../test/render';
import AdminPage from './admin-page';

const admin = makeUser({ isInstanceAdmin: true });
const signedIn = (user = admin) => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 't' });
const renderAdmin = (path: string, user = admin) =>
  renderRoutes(
    [
      { path: '/admin', element: <AdminPage /> },
      { path: '/admin/:section', element: <AdminPage /> },
    ],
    { path, auth: signedIn(user) },
  );

const person = (overrides: Partial<TAdminPerson>): TAdminPerson => ({
  agentId: '0193a0c4-0000-7000-8000-0000000000b1',
  username: 'grace',
  name: 'Grace Hopper',
  email: 'grace@example.test',
  isVerified: true,
  isInstanceAdmin: false,
  disabledAt: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  teamCount: 2,
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});
const me = person({ agentId: admin.agentId, username: admin.username, name: 'Ada Lovelace', email: admin.email, isInstanceAdmin: true });
const grace = person({});
const page = (people: TAdminPerson[]) => ok({ people, total: people.length, page: 1, pageSize: 50 });

const report = (overrides: Partial<TAdminReport> = {}): TAdminReport => ({
  id: '0193a0c4-0000-7000-8000-0000000000c1',
  reason: 'harassment',
  details: 'Keeps insulting people',
  reporter: { agentId: admin.agentId, username: 'ada', name: 'Ada Lovelace', disabled: false },
  subject: { agentId: grace.agentId, username: 'grace', name: 'Grace Hopper', disabled: false },
  message: { id: '0193a0c4-0000-7000-8000-0000000000d1', excerpt: 'You are all fools', removed: false },
  createdAt: '2026-11-27T09:00:00.000Z',
  resolvedAt: null,
  resolution: null,
  ...overrides,
});

describe('the admin area', () => {
  it('is not there for someone who is not an instance administrator, and asks the API nothing', async () => {
    const api = stubApi({});
    renderAdmin('/admin/people', makeUser());
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/admin'))).toEqual([]);
  });

  it('opens on People, and an unknown section is the not-found page', async () => {
    stubApi({ 'GET /admin/people?page=1': page([me, grace]) });
    const view = renderAdmin('/admin');
    expect(await screen.findByRole('region', { name: 'People' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/admin/people');
    await view.router.navigate('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the not-found page when the API says the area is not there (404)', async () => {
    stubApi({});
    renderAdmin('/admin/people');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('people', () => {
  it('searches as you type, and disables someone after asking, with the reason', async () => {
    const disabled = { ...grace, disabledAt: '2026-11-28T08:00:00.000Z' };
    const api = stubApi({
      'GET /admin/people?page=1': page([me, grace]),
      'GET /admin/people?q=grace&page=1': [page([grace]), page([disabled])],
      [`POST /admin/people/${grace.agentId}/disable`]: ok({ person: disabled }),
    });
    renderAdmin('/admin/people');
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('admin-person');
    // Your own row has no Disable button.
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search people'), 'grace');
    await waitFor(() => expect(api.callsTo('GET /admin/people?q=grace&page=1')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('admin-person')).toHaveLength(1));
    // Typing asked once, for the whole word.
    expect(api.calls.filter((call) => call.path.includes('q=')).map((call) => call.path)).toEqual(['/admin/people?q=grace&page=1']);

    await user.click(screen.getByRole('button', { name: 'Disable: Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Their sessions end at once and they cannot sign in until you enable the account again.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Spam bot');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('Grace Hopper is disabled.')).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/people/${grace.agentId}/disable`).map((call) => call.body)).toEqual([{ reason: 'Spam bot' }]);
    expect(await screen.findByRole('button', { name: 'Enable: Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelling the question disables nobody; "Disabled only" asks for disabled accounts', async () => {
    const api = stubApi({ 'GET /admin/people?page=1': page([me, grace]), 'GET /admin/people?disabled=true&page=1': page([]) });
    renderAdmin('/admin/people');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable: Grace Hopper' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(screen.getByLabelText('Disabled only'));
    expect(await screen.findByText('Nobody matches.')).toBeInTheDocument();
  });
});

describe('reports', () => {
  it('shows the reported message and acts on it: remove the message, or disable the account after asking', async () => {
    const open = report();
    const second = report({ id: '0193a0c4-0000-7000-8000-0000000000c2', reason: 'spam', message: null, details: '' });
    const api = stubApi({
      'GET /admin/reports?status=open&page=1': [ok({ reports: [open, second], total: 2, page: 1, pageSize: 20 }), ok({ reports: [second], total: 1, page: 1, pageSize: 20 }), ok({ reports: [], total: 0, page: 1, pageSize: 20 })],
      [`POST /admin/reports/${open.id}/resolve`]: ok({ report: { ...open, resolution: 'message_removed', resolvedAt: '2026-11-28T08:00:00.000Z', message: { ...open.message!, removed: true } } }),
      [`POST /admin/reports/${second.id}/resolve`]: ok({ report: { ...second, resolution: 'account_disabled', resolvedAt: '2026-11-28T08:00:00.000Z' } }),
    });
    renderAdmin('/admin/reports');
    const user = userEvent.setup();
    const [first, other] = await screen.findAllByTestId('admin-report');
    expect(within(first!).getByText('Harassment')).toBeInTheDocument();
    expect(within(first!).getByText('You are all fools')).toBeInTheDocument();
    // A report about a person only, without a message, has nothing to remove.
    expect(within(other!).queryByRole('button', { name: 'Remove message' })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Remove message' }));
    expect(await screen.findByText('Report resolved: Message removed')).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/reports/${open.id}/resolve`)[0]!.body).toEqual({ action: 'remove_message' });
    await waitFor(() => expect(screen.getAllByTestId('admin-report')).toHaveLength(1));

    await user.click(within(screen.getByTestId('admin-report')).getByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo(`POST /admin/reports/${second.id}/resolve`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('Report resolved: Account disabled')).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/reports/${second.id}/resolve`)[0]!.body).toEqual({ action: 'disable_account' });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('the Resolved tab shows what was done, a removed message marked, and no actions', async () => {
    const done = report({ resolution: 'dismissed', resolvedAt: '2026-11-28T08:00:00.000Z', message: { id: null, excerpt: 'You are all fools', removed: true } });
    stubApi({
      'GET /admin/reports?status=open&page=1': ok({ reports: [], total: 0, page: 1, pageSize: 20 }),
      'GET /admin/reports?status=resolved&page=1': ok({ reports: [done], total: 1, page: 1, pageSize: 20 }),
    });
    renderAdmin('/admin/reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Resolved' }));
    const card = await screen.findByTestId('admin-report');
    expect(within(card).getByText('(removed)')).toBeInTheDocument();
    expect(within(card).getByText(/Resolved: Dismissed/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('health', () => {
  const health = (overrides: Partial<TAdminHealthResponse> = {}): TAdminHealthResponse => ({
    mail: { pending: 0, failed: 0, sentLastDay: 12, oldestPendingAt: null, lastError: null },
    replies: { byStatus: { queued: 0, done: 40 }, failedLastDay: 0, oldestQueuedAt: null },
    exports: { queued: 0, running: 0, failedLastDay: 0 },
    checkedAt: '2026-11-28T08:30:00.000Z',
    ...overrides,
  });

  it('marks failed mail and a stuck outbox, and Refresh checks again', async () => {
    const api = stubApi({
      'GET /admin/health': [
        ok(health({ mail: { pending: 3, failed: 2, sentLastDay: 12, oldestPendingAt: '2026-11-28T08:05:00.000Z', lastError: 'SMTP 550 mailbox unavailable' } })),
        ok(health()),
      ],
    });
    renderAdmin('/admin/health');
    const user = userEvent.setup();
    const mail = await screen.findByRole('region', { name: 'Mail outbox' });
    expect(within(mail).getByText('Needs attention')).toBeInTheDocument();
    expect(within(mail).getByText('Some mail could not be sent.')).toBeInTheDocument();
    expect(within(mail).getByText('Mail has waited more than 10 minutes.')).toBeInTheDocument();
    expect(within(mail).getByText('SMTP 550 mailbox unavailable')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Reply jobs' })).getByText('Healthy')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Mail outbox' })).getByText('Healthy')).toBeInTheDocument());
    expect(api.callsTo('GET /admin/health')).toHaveLength(2);
  });
});
