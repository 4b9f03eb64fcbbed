import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeTeamAgent } from '../test/team-fixtures';
import { makeUser } from '../test/fixtures';
import { applyAgentUpdate } from './agent-cache';

describe('applyAgentUpdate', () => {
  it('patches the avatar and names wherever the agent is cached, leaving presence and other data alone', () => {
    const client = new QueryClient();
    const nova = makeTeamAgent({ id: 'nova', isOnline: true });
    const other = makeTeamAgent({ id: 'other', username: 'other' });
    const me = makeUser();
    const updated = { ...nova, avatarUrl: '/api/v1/avatars/i/new.webp', firstName: 'Nova', fullName: 'Nova Prime', role: 'Lead', isOnline: null };
    const cards = [nova, other];
    client.setQueryData(['teams', 'u', 'agents', 'demo'], cards);
    client.setQueryData(['team', 'demo'], { id: 't', members: [{ id: 'nova', username: 'nova', agentName: 'Nova', avatarUrl: nova.avatarUrl, isHuman: false }] });
    client.setQueryData(['messages'], { pages: [{ messages: [{ id: 'm1', sender: { id: 'nova', firstName: 'Nova', lastName: '', role: 'agent', avatarUrl: nova.avatarUrl, isAgent: true } }] }] });
    client.setQueryData(['me'], me);

    applyAgentUpdate(client, updated);

    const [card, untouched] = client.getQueryData<typeof cards>(['teams', 'u', 'agents', 'demo'])!;
    expect(card).toMatchObject({ avatarUrl: '/api/v1/avatars/i/new.webp', fullName: 'Nova Prime', role: 'Lead', isOnline: true });
    expect(untouched).toBe(other);
    expect(client.getQueryData(['team', 'demo'])).toMatchObject({ members: [{ agentName: 'Nova Prime', avatarUrl: '/api/v1/avatars/i/new.webp' }] });
    // A sender keeps its own meaning of 'role'.
    expect(client.getQueryData(['messages'])).toMatchObject({ pages: [{ messages: [{ sender: { role: 'agent', avatarUrl: '/api/v1/avatars/i/new.webp' } }] }] });
    expect(client.getQueryData(['me'])).toBe(me);
  });

  it('brings a status and the do-not-disturb badge to cards live, and takes them away again', () => {
    const client = new QueryClient();
    const maya = makeTeamAgent({ id: 'maya', isOnline: true });
    client.setQueryData(['cards'], [maya]);
    applyAgentUpdate(client, { ...maya, status: { text: 'Heads down', expiresAt: null }, doNotDisturb: true });
    expect(client.getQueryData<(typeof maya)[]>(['cards'])![0]).toMatchObject({ status: { text: 'Heads down' }, doNotDisturb: true, isOnline: true });
    applyAgentUpdate(client, maya);
    const [card] = client.getQueryData<(typeof maya)[]>(['cards'])!;
    expect(card).not.toHaveProperty('status');
    expect(card).not.toHaveProperty('doNotDisturb');
  });
});
