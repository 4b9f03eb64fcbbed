import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyPresence } from './presence-cache';

describe('applyPresence', () => {
  it('patches the agent wherever it is cached and leaves other data untouched', () => {
    const client = new QueryClient();
    const cards = [
      { id: 'a', isOnline: false, fullName: 'Ada' },
      { id: 'b', isOnline: null, fullName: 'Bot' },
    ];
    const team = { id: 't', name: 'Team' };
    client.setQueryData(['teams', 'u', 'agents', 'x'], cards);
    client.setQueryData(['agent', 'a'], { id: 'a', isOnline: false });
    client.setQueryData(['teams', 'u', 'team', 'x'], team);

    applyPresence(client, { agentId: 'a', isOnline: true });

    expect(client.getQueryData(['teams', 'u', 'agents', 'x'])).toEqual([
      { id: 'a', isOnline: true, fullName: 'Ada' },
      { id: 'b', isOnline: null, fullName: 'Bot' },
    ]);
    expect(client.getQueryData(['agent', 'a'])).toEqual({ id: 'a', isOnline: true });
    expect(client.getQueryData(['teams', 'u', 'team', 'x'])).toBe(team);
  });
});
