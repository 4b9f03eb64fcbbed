import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TTeamRetention } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeam } from '../test/team-fixtures';
import { RetentionSection } from './retention-section';

const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user: makeUser(), token: 't' });
const renderForm = (retention: TTeamRetention) =>
  renderPage(<RetentionSection team={makeTeam({ handle: 'demo', retention })} />, { path: '/t/demo/settings/retention', auth });
const saved = (retention: TTeamRetention) => ok({ retention });

describe('message retention', () => {
  it('says what is set', () => {
    stubApi({});
    renderForm({ days: 90, keepPinned: true });
    expect(screen.getByText('Messages are kept for 90 days; pinned messages are kept.')).toBeInTheDocument();
  });

  it('refuses days out of bounds without asking the server', async () => {
    const api = stubApi({});
    renderForm({ days: null, keepPinned: true });
    expect(screen.getByText('Messages are kept until someone deletes them.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('For a number of days'));
    await userEvent.clear(screen.getByLabelText('Days'));
    await userEvent.type(screen.getByLabelText('Days'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Keep messages between 1 and 3650 days/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('asks before turning retention on, then saves and shows it', async () => {
    const api = stubApi({ 'PUT /teams/demo/retention': saved({ days: 30, keepPinned: false }) });
    renderForm({ days: null, keepPinned: true });
    await userEvent.click(screen.getByLabelText('For a number of days'));
    await userEvent.click(screen.getByRole('button', { name: '30 days' }));
    await userEvent.click(screen.getByLabelText('Keep pinned messages'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete messages older than 30 days?' });
    expect(api.callsTo('PUT /teams/demo/retention')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete older messages' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.callsTo('PUT /teams/demo/retention')[0]!.body).toEqual({ days: 30, keepPinned: false });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('saves without asking when messages are kept longer or forever', async () => {
    const api = stubApi({ 'PUT /teams/demo/retention': saved({ days: null, keepPinned: true }) });
    renderForm({ days: 30, keepPinned: true });
    await userEvent.click(screen.getByLabelText('Forever (retention off)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /teams/demo/retention')[0]!.body).toEqual({ days: null, keepPinned: true });
  });

  it("shows the server's refusal in the dialog", async () => {
    stubApi({ 'PUT /teams/demo/retention': fail(403, 'Only owners can change retention', 'FORBIDDEN') });
    renderForm({ days: 365, keepPinned: true });
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete older messages' }));
    expect(await screen.findByText('Only owners can change retention')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
