import type { TUser } from '@agentroom/shared';

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  const username = overrides.username ?? 'ada';
  return {
    id: '0193a0c4-0000-7000-8000-000000000001',
    agentId: '0193a0c4-0000-7000-8000-0000000000a1',
    username,
    email: `${username}@example.test`,
    isVerified: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    profile: { firstName: 'Ada', lastName: 'Lovelace', avatar: '/api/v1/avatars/ada.svg' },
    agent: {
      id: '0193a0c4-0000-7000-8000-0000000000a1',
      username,
      firstName: 'Ada',
      middleName: '',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      role: 'Member',
      isHuman: true,
      personality: 'A helpful AI assistant',
      avatarUrl: '/api/v1/avatars/ada.svg',
      model: null,
      ownerTeamId: null,
      isOnline: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    locale: null,
    isInstanceAdmin: false,
    ...overrides,
  };
}
