import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyPresence, refetchPresence } from './presence-cache';

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

describe('refetchPresence (on every connect)', () => {
  it('asks the shown team rosters again, and only them', async () => {
    const client = new QueryClient();
    const stale = [{ id: 'a', isOnline: false }];
    const fresh = [{ id: 'a', isOnline: true }];
    const roster = ['teams', 'u', 'agents', 'x'];
    let answers = 0;
    const observer = new QueryObserver(client, { queryKey: roster, queryFn: async () => (answers++ === 0 ? stale : fresh), staleTime: Infinity });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => client.getQueryData(roster)).toEqual(stale);
    client.setQueryData(['teams', 'u', 'team', 'x'], { id: 't' });
    client.setQueryData(['teams', 'other-user', 'agents', 'x'], stale);

    await refetchPresence(client, 'u');

    expect(client.getQueryData(roster)).toEqual(fresh);
    expect(client.getQueryState(['teams', 'u', 'team', 'x'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['teams', 'other-user', 'agents', 'x'])?.isInvalidated).toBe(false);
    stop();
  });
});
