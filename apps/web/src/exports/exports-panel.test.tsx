import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOVERNANCE_ERRORS, SOCKET_EVENTS, type TDataExport } from '@agentroom/shared';
import { RealtimeContext } from '../realtime/realtime-context';
import { fail, ok, stubApi } from '../test/api-stub';
import { FakeSocket } from '../test/fake-socket';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { ExportsPanel } from './exports-panel';
import MyDataPage from './my-data-page';
import { startDownload } from './start-download';

vi.mock('./start-download', () => ({ startDownload: vi.fn() }));
afterEach(() => vi.mocked(startDownload).mockClear());

const me = makeUser();
const signedIn = () => fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: me, token: 't' });

const EXPORT_ID = '0193a0c4-0000-7000-8000-00000000e001';
const OLDER_ID = '0193a0c4-0000-7000-8000-00000000e000';

function makeExport(overrides: Partial<TDataExport> = {}): TDataExport {
  return {
    id: EXPORT_ID,
    kind: 'account',
    teamHandle: null,
    status: 'queued',
    progress: 0,
    size: null,
    error: null,
    createdAt: '2026-11-28T08:00:00.000Z',
    finishedAt: null,
    expiresAt: null,
    downloadedAt: null,
    ...overrides,
  };
}

const ready = makeExport({
  status: 'ready',
  progress: 100,
  size: 2.5 * 1024 * 1024,
  finishedAt: '2026-11-28T08:01:00.000Z',
  expiresAt: '2026-12-05T08:01:00.000Z',
});

function renderMyData(table: Parameters<typeof stubApi>[0]) {
  const api = stubApi(table);
  const socket = new FakeSocket();
  renderPage(
    <RealtimeContext.Provider value={{ socket: socket.asAppSocket, status: 'connected', error: null }}>
      <MyDataPage />
    </RealtimeContext.Provider>,
    { path: '/account/data', auth: signedIn() },
  );
  return { api, socket };
}

const progressBar = () => screen.getByRole('progressbar', { name: 'Export progress' });

describe('exports panel', () => {
  it('starts an export of my data: it appears with its progress, which follows the server’s events until it can be downloaded', async () => {
    const user = userEvent.setup();
    const { api, socket } = renderMyData({ 'GET /users/me/exports': ok({ exports: [] }), 'POST /users/me/exports': ok({ export: makeExport() }, 202) });
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByText(/The ZIP holds your profile/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(api.callsTo('POST /users/me/exports')).toHaveLength(1);
    expect(await screen.findByText('Waiting to start…')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    // One export at a time: the button waits for this one.
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeDisabled();

    act(() => socket.serverSends(SOCKET_EVENTS.exportUpdated, { export: makeExport({ status: 'running', progress: 40 }) }));
    expect(await screen.findByText('Preparing… 40%')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '40');
    // A team's export (another scope) leaves this list alone.
    act(() => socket.serverSends(SOCKET_EVENTS.exportUpdated, { export: makeExport({ id: OLDER_ID, kind: 'team', teamHandle: 'demo', status: 'running', progress: 90 }) }));

    act(() => socket.serverSends(SOCKET_EVENTS.exportUpdated, { export: ready }));
    expect(await screen.findByText(/Ready — kept until December 5, 2026/)).toBeInTheDocument();
    expect(screen.getAllByTestId('export-row')).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/2\.5 MB/)).toBeInTheDocument();
    expect(screen.getByText('We sent you a mail when it was ready.')).toBeInTheDocument();
    // The time it is kept comes from the export's own dates.
    expect(screen.getByText(/the ZIP is deleted 7 days after it is ready/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeEnabled();
  });

  it('keeps an update that overtook the answer to "Export my data"', async () => {
    const user = userEvent.setup();
    // The socket exists once rendered; the stubbed answer, called later, reaches it through this holder.
    const live: { socket?: FakeSocket } = {};
    live.socket = renderMyData({
      'GET /users/me/exports': ok({ exports: [] }),
      'POST /users/me/exports': () => {
        live.socket!.serverSends(SOCKET_EVENTS.exportUpdated, { export: makeExport({ status: 'running', progress: 60 }) });
        return ok({ export: makeExport() }, 202);
      },
    }).socket;
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('Preparing… 60%')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '60');
  });

  it('downloads a ready export through a fresh single-use link, each time Download is pressed', async () => {
    const user = userEvent.setup();
    const { api } = renderMyData({
      'GET /users/me/exports': ok({ exports: [ready] }),
      [`POST /exports/${EXPORT_ID}/link`]: [
        ok({ url: `/exports/${EXPORT_ID}/download?token=first`, expiresAt: '2026-11-28T08:10:00.000Z' }, 201),
        ok({ url: `/exports/${EXPORT_ID}/download?token=second`, expiresAt: '2026-11-28T08:11:00.000Z' }, 201),
      ],
    });
    const download = await screen.findByRole('button', { name: /^Download the export of/ });
    await user.click(download);
    await vi.waitFor(() => expect(startDownload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(startDownload).mock.calls[0]![0]).toMatch(new RegExp(`/api/v1/exports/${EXPORT_ID}/download\\?token=first$`));
    await vi.waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await vi.waitFor(() => expect(startDownload).toHaveBeenCalledTimes(2));
    expect(vi.mocked(startDownload).mock.calls[1]![0]).toMatch(/token=second$/);
    expect(api.callsTo(`POST /exports/${EXPORT_ID}/link`)).toHaveLength(2);
  });

  it('shows why an export failed and starts a new one from "Try again"; an expired one says so', async () => {
    const user = userEvent.setup();
    const failed = makeExport({ status: 'failed', progress: 30, error: 'The disk is full', finishedAt: '2026-11-28T08:02:00.000Z' });
    const expired = makeExport({ id: OLDER_ID, status: 'expired', progress: 100, createdAt: '2026-11-01T08:00:00.000Z' });
    const { api } = renderMyData({
      'GET /users/me/exports': ok({ exports: [expired, failed] }),
      'POST /users/me/exports': ok({ export: makeExport({ id: '0193a0c4-0000-7000-8000-00000000e002', createdAt: '2026-11-28T09:00:00.000Z' }) }, 202),
    });
    const rows = await screen.findAllByTestId('export-row');
    // Newest first, whatever order the answer had.
    expect(rows[0]).toHaveTextContent('The export failed: The disk is full');
    expect(rows[1]).toHaveTextContent('Expired');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Try again' }));
    expect(api.callsTo('POST /users/me/exports')).toHaveLength(1);
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getAllByTestId('export-row')).toHaveLength(3);
  });

  it('says why the server refused a new export (one is already being prepared)', async () => {
    const user = userEvent.setup();
    renderMyData({ 'GET /users/me/exports': ok({ exports: [] }), 'POST /users/me/exports': fail(409, GOVERNANCE_ERRORS.exportRunning, 'CONFLICT') });
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An export is already being prepared');
  });

  it("exports a team through the team's own calls", async () => {
    const user = userEvent.setup();
    const teamExport = makeExport({ kind: 'team', teamHandle: 'demo' });
    const api = stubApi({ 'GET /teams/demo/exports': ok({ exports: [] }), 'POST /teams/demo/exports': ok({ export: teamExport }, 202) });
    renderPage(<ExportsPanel scope={{ kind: 'team', handle: 'demo' }} />, { path: '/t/demo/settings/export', auth: signedIn() });
    expect(await screen.findByText(/without their keys or other secrets/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Export team' }));
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    expect(api.callsTo('POST /teams/demo/exports')).toHaveLength(1);
  });
});
