import type { TTeam, TTeamAgent } from '@agentroom/shared';

/** Test data for the team screens, shaped like the API's answers. */
export function makeTeam(overrides: Partial<TTeam> = {}): TTeam {
  return {
    id: '0193a0c4-0000-7000-8000-0000000000t1',
    name: 'Demo Team',
    handle: 'demo',
    description: 'Where people and AI agents work together.',
    isPrivate: true,
    maxMembers: 50,
    branding: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    memberCount: 2,
    members: [],
    myRole: 'owner',
    canManage: true,
    retention: { days: null, keepPinned: true },
    ...overrides,
  };
}

export function makeTeamAgent(overrides: Partial<TTeamAgent> = {}): TTeamAgent {
  const username = overrides.username ?? 'nova';
  return {
    id: `agent-${username}`,
    username,
    firstName: 'Nova',
    middleName: '',
    lastName: '',
    fullName: 'Nova',
    role: 'Research Analyst',
    isHuman: false,
    personality: 'Curious.',
    avatarUrl: `/api/v1/avatars/${username}.svg`,
    model: null,
    // People have no owning team; an AI agent belongs to the fixture team.
    ownerTeamId: overrides.isHuman ? null : '0193a0c4-0000-7000-8000-0000000000t1',
    isOnline: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    membershipRole: 'member',
    joinedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
