import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@agentroom/shared';
import { fail, ok, stubApi } from '../test/api-stub';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderPage } from '../test/render';
import { makeTeam, makeTeamAgent } from '../test/team-fixtures';
import { AuditLogSection } from './audit-log-section';

const user = makeUser();
const auth = fakeAuth({ isAuthenticated: true, isEmailVerified: true, user, token: 't' });
const team = makeTeam({ handle: 'demo' });
const grace = makeTeamAgent({ id: '0193a0c4-0000-7000-8000-0000000000b1', username: 'grace', fullName: 'Grace Hopper' });

let n = 0;
const event = (overrides: Partial<TAuditEvent>): TAuditEvent => ({
  id: `0193a0c4-0000-7000-8000-${String(++n).padStart(12, '0')}`,
  at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  actor: { kind: 'person', agentId: user.agentId, name: 'Ada Lovelace' },
  teamId: team.id,
  action: 'room.created',
  target: { kind: 'room', id: 'r1', name: 'launch' },
  ip: '203.0.113.7',
  details: {},
  ...overrides,
});

const renderLog = () => renderPage(<AuditLogSection team={team} />, { path: '/t/demo/settings/audit', auth });
const agents = { 'GET /teams/demo/agents': ok({ agents: [grace] }) };

describe('the team audit log', () => {
  it('says each change as a sentence, with who, when and from where', async () => {
    stubApi({
      ...agents,
      'GET /teams/demo/audit': ok({
        events: [
          event({ action: 'member.role_changed', target: { kind: 'agent', id: grace.id, name: 'grace' }, details: { from: 'member', to: 'admin' } }),
          event({ action: 'room.created' }),
          event({ action: 'team.retention_changed', details: { days: 30, keepPinned: true } }),
          event({ action: 'retention.removed', actor: { kind: 'system', agentId: null, name: '' }, target: null, ip: null, details: { count: 12 } }),
          event({ action: 'external_agent.token_rotated', actor: { kind: 'external_agent', agentId: grace.id, name: 'deploy-bot' }, target: { kind: 'external_agent', id: 'x', name: 'deploy-bot' } }),
          event({ action: 'something.new' }),
        ],
        nextCursor: null,
      }),
    });
    renderLog();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const rows = within(list).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toContain("Ada Lovelace changed grace's role from member to admin");
    expect(rows[0]).toContain('203.0.113.7');
    expect(rows[0]).toContain('3 hours ago');
    expect(rows[1]).toContain('created room #launch');
    expect(rows[2]).toContain('set message retention to 30 days');
    expect(rows[3]).toContain('System');
    expect(rows[3]).toContain('removed 12 messages past retention');
    expect(rows[4]).toContain('External agent');
    expect(rows[4]).toContain('replaced the token of deploy-bot');
    expect(rows[5]).toContain('something.new');
    expect(within(list).getAllByRole('listitem')[0]!.querySelector('time')?.getAttribute('title')).toMatch(/\d{4}/);
  });

  it('asks again with the kind and the person chosen', async () => {
    const api = stubApi({ ...agents, 'GET /teams/demo/audit': ok({ events: [event({})], nextCursor: null }) });
    renderLog();
    await screen.findByRole('list', { name: 'Audit log' });
    await userEvent.selectOptions(screen.getByLabelText('Kind of change'), 'member');
    await waitFor(() => expect(api.calls.some((call) => call.path === '/teams/demo/audit?kind=member')).toBe(true));
    await screen.findByRole('option', { name: 'Grace Hopper' });
    await userEvent.selectOptions(screen.getByLabelText('Who'), grace.id);
    await waitFor(() => expect(api.calls.some((call) => call.path === `/teams/demo/audit?actor=${grace.id}&kind=member`)).toBe(true));
  });

  it('loads older rows with the cursor, after the ones it shows', async () => {
    const api = stubApi({
      ...agents,
      'GET /teams/demo/audit': ok({ events: [event({ target: { kind: 'room', id: 'r1', name: 'newer' } })], nextCursor: 'c1' }),
      'GET /teams/demo/audit?before=c1': ok({ events: [event({ target: { kind: 'room', id: 'r2', name: 'older' } })], nextCursor: null }),
    });
    renderLog();
    await screen.findByText(/created room #newer/);
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await screen.findByText(/created room #older/);
    const rows = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('#newer'), expect.stringContaining('#older')]);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /teams/demo/audit?before=c1')).toHaveLength(1);
  });

  it('says when nothing matches', async () => {
    stubApi({ ...agents, 'GET /teams/demo/audit': ok({ events: [], nextCursor: null }) });
    renderLog();
    expect(await screen.findByText('No changes match.')).toBeInTheDocument();
  });

  it('says when the log could not load, and tries again', async () => {
    stubApi({ ...agents, 'GET /teams/demo/audit': [fail(500, 'Server trouble', 'INTERNAL'), ok({ events: [event({})], nextCursor: null })] });
    renderLog();
    expect((await screen.findAllByText(/Server trouble/)).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/created room #launch/)).toBeInTheDocument();
  });
});
