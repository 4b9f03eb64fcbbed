import { describe, expect, it } from 'vitest';
import { presentAgentCard, usernameOf } from '../../src/agents/agent-presenters';
import type { AgentRow } from '../../src/db/rows';

const row = (overrides: Partial<AgentRow> = {}): AgentRow => ({
  id: '0190a000-0000-7000-8000-000000000001',
  username: 'ada',
  firstName: 'Ada',
  middleName: 'King',
  lastName: 'Lovelace',
  role: 'Agent',
  isHuman: false,
  isExternal: false,
  personality: 'A helpful AI assistant',
  biometric: {},
  model: null,
  ownerTeamId: null,
  statusText: '',
  statusExpiresAt: null,
  dndUntil: null,
  dndSchedule: null,
  deletedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

describe('agent presenter fallbacks (username from the name, generated avatar)', () => {
  it('joins first, middle and last name into the full name', () => {
    expect(presentAgentCard(row()).fullName).toBe('Ada King Lovelace');
    expect(presentAgentCard(row({ middleName: '' })).fullName).toBe('Ada Lovelace');
  });

  it('falls back to first_last, lower-cased, when there is no username', () => {
    expect(usernameOf(row({ username: '' }))).toBe('ada_lovelace');
    expect(usernameOf(row({ username: '', lastName: '' }))).toBe('ada');
    const card = presentAgentCard(row({ username: '', firstName: 'Grace', middleName: '', lastName: 'Hopper' }));
    expect(card.username).toBe('grace_hopper');
    expect(card.fullName).toBe('Grace Hopper');
  });

  it('uses the full name, then the username, for the display name', () => {
    expect(presentAgentCard(row({ firstName: '', middleName: '', lastName: '' })).fullName).toBe('ada');
  });

  it('uses the stored avatar when it is one of ours, else one generated from the id (an outside address never shows); a generated one carries the initials', () => {
    const uploaded = '/api/v1/avatars/i/0b8a3d8e-2f8e-4b8e-9c1e-6d1f2a3b4c5d.webp';
    const generatedFromId = '/api/v1/avatars/0190a000-0000-7000-8000-000000000001.svg?initials=AL';
    expect(presentAgentCard(row({ biometric: { avatarUrl: uploaded } })).avatarUrl).toBe(uploaded);
    expect(presentAgentCard(row({ biometric: { avatarUrl: '/api/v1/avatars/seed.svg' } })).avatarUrl).toBe('/api/v1/avatars/seed.svg?initials=AL');
    expect(presentAgentCard(row({ firstName: 'Ørjan', lastName: '' })).avatarUrl).toMatch(/\.svg\?initials=%C3%98$/);
    expect(presentAgentCard(row({ firstName: '', lastName: '' })).avatarUrl).toMatch(/\.svg\?initials=A$/);
    expect(presentAgentCard(row({ biometric: { avatarUrl: 'https://example.test/a.png' } })).avatarUrl).toBe(generatedFromId);
    expect(presentAgentCard(row()).avatarUrl).toBe(generatedFromId);
  });

  it('carries presence as given, null meaning unknown', () => {
    expect(presentAgentCard(row()).isOnline).toBeNull();
    expect(presentAgentCard(row(), true).isOnline).toBe(true);
  });
});
